package io.iotkit.binding.hbase;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Reading the HBase master's /conf page: which settings count as changed, and that no secret is reported. */
class MasterConfigurationTest {
  /** A /conf page as Hadoop writes it: sources oldest first. */
  private static final String CONF = """
      <?xml version="1.0" encoding="UTF-8" standalone="no"?><configuration>
      <property><name>hbase.rootdir</name><value>file:/data/hbase</value><final>false</final>\
      <source>hbase-default.xml</source><source>programmatically</source></property>
      <property><name>hbase.regionserver.handler.count</name><value>30</value><final>false</final>\
      <source>hbase-default.xml</source></property>
      <property><name>dfs.replication</name><value>2</value><final>false</final>\
      <source>hdfs-default.xml</source><source>hbase-site.xml</source></property>
      <property><name>io.file.buffer.size</name><value>4096</value><final>false</final>\
      <source>core-default.xml</source></property>
      <property><name>hbase.zookeeper.property.clientPort</name><value>2181</value><final>false</final>\
      <source>programmatically</source></property>
      <property><name>hbase.ssl.keystore.password</name><value>hunter2</value><final>false</final>\
      <source>hbase-site.xml</source></property>
      <property><name>hadoop.http.authentication.signature.secret.file</name><value>/etc/secret</value>\
      <source>core-site.xml</source></property>
      <property><name>hbase.master.keytab.file</name><value>/etc/hbase.keytab</value>\
      <source>hbase-site.xml</source></property>
      </configuration>
      """;

  @Test
  void settingsFromSiteFilesOrTheProgramAreChangedOnesAndNoSecretIsReported() throws Exception {
    MasterConfiguration c = MasterConfiguration.parse("http://m:16010/conf",
        new ByteArrayInputStream(CONF.getBytes(StandardCharsets.UTF_8)));
    assertEquals(Map.of("setting.hbase.rootdir", "file:/data/hbase", "setting.dfs.replication", "2",
        "setting.hbase.zookeeper.property.clientPort", "2181"), c.changedSettings());
    assertEquals(1, c.replication().factor(), "the replication check reads the same page");
    assertFalse(c.onHdfs());
  }

  @Test
  void onHdfsTheFactorAndTheNameNodeComeFromThePageAndAnAbsentFactorIsCouldNotTell() throws Exception {
    String rootdir = "<property><name>hbase.rootdir</name><value>hdfs://nn.example:8020/hbase</value>"
        + "<source>hbase-site.xml</source></property>";
    MasterConfiguration withFactor = page(rootdir
        + "<property><name>dfs.replication</name><value>3</value><source>hdfs-site.xml</source></property>"
        + "<property><name>dfs.namenode.http-address</name><value>0.0.0.0:9870</value>"
        + "<source>hdfs-default.xml</source></property>");
    assertTrue(withFactor.onHdfs());
    assertEquals(3, withFactor.replication().factor());
    assertEquals(Optional.of("nn.example:9870"), withFactor.nameNodeWeb(), "a wildcard host is the rootdir's");

    MasterConfiguration without = page(rootdir);
    assertEquals(0, without.replication().factor(), "never a default of 3");
    assertTrue(without.replication().source().startsWith("could not tell"), without.replication().source());
    assertEquals(Optional.empty(), without.nameNodeWeb());
  }

  private static MasterConfiguration page(String properties) throws Exception {
    String xml = "<?xml version=\"1.0\"?><configuration>" + properties + "</configuration>";
    return MasterConfiguration.parse("http://m:16010/conf",
        new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)));
  }
}
