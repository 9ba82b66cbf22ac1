package io.iotkit.server.hbase;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ClusterSettingsTest {

  @Test
  void replicationIsTheDatanodesUpToThree() {
    assertEquals(2, settings(Path.of("d"), 2).replication());
    assertEquals(3, settings(Path.of("d"), 3).replication());
    assertEquals(3, settings(Path.of("d"), 5).replication());
    assertEquals(5, settings(Path.of("d"), 5).regionServers());
  }

  @Test
  void everyNodeGetsItsFileOnTheOneAddress(@TempDir Path dir) throws Exception {
    settings(dir, 2).write();

    Configuration master = read(dir, "master");
    assertEquals("2", master.get("dfs.replication"), "the HBase master, an HDFS client, asks for 2 copies");
    assertEquals("hdfs://10.0.0.5:9000/hbase", master.get("hbase.rootdir"));
    assertEquals("10.0.0.5", master.get("hbase.zookeeper.quorum"));
    assertEquals("2181", master.get("hbase.zookeeper.property.clientPort"));
    assertEquals("16010", master.get("hbase.master.info.port"));
    assertEquals("10.0.0.5", master.get("hbase.master.hostname"));
    assertEquals("10.0.0.5:9870", master.get("dfs.namenode.http-address"), "where the binding reads HDFS's copies");
    assertEquals("2", read(dir, "regionserver-2").get("dfs.replication"));
    assertNotEquals(master.get("hbase.tmp.dir"), read(dir, "regionserver-1").get("hbase.tmp.dir"));

    Configuration namenode = read(dir, "namenode");
    assertEquals("10.0.0.5:9000", namenode.get("dfs.namenode.rpc-address"));
    assertEquals(dir.resolve("namenode").toString(), namenode.get("dfs.namenode.name.dir"));
    assertEquals("10.0.0.5:9870", namenode.get("dfs.namenode.http-address"));
    for (int i = 1; i <= 2; i++) {
      Configuration datanode = read(dir, "datanode-" + i);
      assertEquals(dir.resolve("datanode-" + i).toString(), datanode.get("dfs.datanode.data.dir"));
      assertEquals("hdfs://10.0.0.5:9000", datanode.get("fs.defaultFS"));
      assertEquals("10.0.0.5:0", datanode.get("dfs.datanode.address"));
    }
    assertTrue(Files.notExists(dir.resolve("conf/datanode-3.xml")));
    assertTrue(Files.notExists(dir.resolve("conf/regionserver-3.xml")));
  }

  private static ClusterSettings settings(Path dir, int datanodes) {
    return new ClusterSettings(dir, "10.0.0.5", datanodes, 9000, 9870, 2181, 16010);
  }

  private static Configuration read(Path dir, String node) {
    Configuration c = new Configuration(false);
    c.addResource(new org.apache.hadoop.fs.Path(dir.resolve("conf").resolve(node + ".xml").toUri()));
    return c;
  }
}
