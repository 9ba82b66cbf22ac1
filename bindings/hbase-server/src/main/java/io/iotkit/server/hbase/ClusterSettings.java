package io.iotkit.server.hbase;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;

/**
 * Every setting of the local HBase-on-HDFS cluster, in one place: a NameNode, N DataNodes, an HBase master and
 * one region server per datanode, all on one address. Each node reads its own file, {@code DIR/conf/<node>.xml},
 * written here; a setting set there shows on the node's /conf page as set by that file, not by a default, so the
 * binding reports it among the SUT's changed settings.
 */
final class ClusterSettings {
  /** The most copies HDFS is asked to keep: the benchmark's requirement, and HDFS's default. */
  static final int MAX_REPLICATION = 3;

  static final String NAMENODE = "namenode";
  static final String DATANODE = "datanode";
  static final String MASTER = "master";
  static final String REGIONSERVER = "regionserver";
  /**
   * How often a region server reports to the master. It also paces a region server's clean stop, which goes round
   * its loop two or three times (close the user regions, see them closed, stop): at HBase's 3 s that stop takes
   * 6 to 9 s, at half a second about one, for one small report to a local master twice a second.
   */
  static final String MSG_INTERVAL = "hbase.regionserver.msginterval";
  static final int MSG_INTERVAL_MILLIS = 500;

  private final Path dir;
  private final String host;
  private final int datanodes;
  private final int nameNodePort;
  private final int nameNodeHttpPort;
  private final int zooKeeperPort;
  private final int masterInfoPort;

  ClusterSettings(Path dir, String host, int datanodes, int nameNodePort, int nameNodeHttpPort, int zooKeeperPort,
                  int masterInfoPort) {
    this.dir = dir;
    this.host = host;
    this.datanodes = datanodes;
    this.nameNodePort = nameNodePort;
    this.nameNodeHttpPort = nameNodeHttpPort;
    this.zooKeeperPort = zooKeeperPort;
    this.masterInfoPort = masterInfoPort;
  }

  int datanodes() {
    return datanodes;
  }

  /** One region server per datanode, as on worker hosts that each run both. */
  int regionServers() {
    return datanodes;
  }

  /** dfs.replication: as many copies as the benchmark asks, but never more than there are datanodes to hold them. */
  int replication() {
    return Math.min(datanodes, MAX_REPLICATION);
  }

  String host() {
    return host;
  }

  int zooKeeperPort() {
    return zooKeeperPort;
  }

  /** Where the namenode keeps the filesystem's metadata; empty until formatted. */
  Path nameNodeStorage() {
    return dir.resolve(NAMENODE);
  }

  /** Writes every node's file (see {@link #file}). */
  void write() throws IOException {
    Files.createDirectories(dir.resolve("conf"));
    write(NAMENODE, hdfs().withNameNode());
    for (int i = 1; i <= datanodes; i++) {
      write(node(DATANODE, i), hdfs().withDataNode(i));
    }
    write(MASTER, hbase(MASTER));
    for (int i = 1; i <= regionServers(); i++) {
      write(node(REGIONSERVER, i), hbase(node(REGIONSERVER, i)));
    }
  }

  /** The file the node of this name (namenode, datanode-1, master, regionserver-1, ...) reads. */
  Path file(String node) {
    return dir.resolve("conf").resolve(node + ".xml");
  }

  /** The name of a numbered node, e.g. datanode-2. */
  static String node(String role, int number) {
    return role + "-" + number;
  }

  private void write(String node, Settings s) throws IOException {
    try (OutputStream out = Files.newOutputStream(file(node))) {
      s.conf.writeXml(out);
    }
  }

  /** What every HDFS node and client of this cluster shares. */
  private Settings hdfs() {
    Settings s = new Settings();
    s.set("fs.defaultFS", "hdfs://" + host + ":" + nameNodePort);
    s.set("hadoop.tmp.dir", dir.resolve("tmp").toString());
    s.set("dfs.replication", Integer.toString(replication()));
    // One user runs every node; HDFS permissions would only stand between HBase and its own files.
    s.set("dfs.permissions.enabled", "false");
    // In every node's configuration, the HBase master's too: there the kit finds the NameNode's web server, whose
    // metrics count the live datanodes and the blocks short of copies.
    s.set("dfs.namenode.http-address", host + ":" + nameNodeHttpPort);
    // A datanode that stops heartbeating is stale after 5 s, not HDFS's 30 s, so that a copy lost during an
    // iteration shows at its data check, which follows within seconds on a small run.
    s.set("dfs.heartbeat.interval", "1");
    s.set("dfs.namenode.stale.datanode.interval", "5000");
    return s;
  }

  private Settings hbase(String node) {
    Settings s = hdfs();
    s.set("hbase.cluster.distributed", "true");
    s.set("hbase.rootdir", "hdfs://" + host + ":" + nameNodePort + "/hbase");
    s.set("hbase.tmp.dir", dir.resolve("tmp").resolve(node).toString());
    HBaseAddresses.apply(s.conf, host, zooKeeperPort, masterInfoPort);
    // The master places the catalog once every region server has checked in, not after a timeout, and not on
    // whichever came first.
    s.set("hbase.master.wait.on.regionservers.mintostart", Integer.toString(regionServers()));
    s.set("hbase.master.wait.on.regionservers.maxtostart", Integer.toString(regionServers()));
    s.set(MSG_INTERVAL, Integer.toString(MSG_INTERVAL_MILLIS));
    CleanerSettings.apply(s::set);
    return s;
  }

  /** Settings of one node, built up from the shared ones. */
  private final class Settings {
    private final Configuration conf = new Configuration(false);

    void set(String name, String value) {
      conf.set(name, value);
    }

    Settings withNameNode() {
      set("dfs.namenode.name.dir", nameNodeStorage().toString());
      set("dfs.namenode.rpc-address", host + ":" + nameNodePort);
      // After a restart the datanodes report every block at once; the default 30 s wait on top only slows the kit.
      set("dfs.namenode.safemode.extension", "0");
      return this;
    }

    Settings withDataNode(int number) {
      set("dfs.datanode.data.dir", dir.resolve(node(DATANODE, number)).toString());
      set("dfs.datanode.hostname", host);
      set("dfs.datanode.address", host + ":0");
      set("dfs.datanode.ipc.address", host + ":0");
      set("dfs.datanode.http.address", host + ":0");
      return this;
    }
  }
}
