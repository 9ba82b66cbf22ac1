package io.iotkit.server.hbase;

import org.apache.hadoop.conf.Configuration;

/**
 * Where a local HBase's master and region servers listen and what they call themselves: all on one address, on
 * ports of their own choosing, so several HBases can run side by side and clients elsewhere reach the address they
 * are given.
 */
final class HBaseAddresses {
  private HBaseAddresses() {
  }

  static void apply(Configuration conf, String host, int zooKeeperPort, int masterInfoPort) {
    conf.set("hbase.zookeeper.quorum", host);
    conf.setInt("hbase.zookeeper.property.clientPort", zooKeeperPort);
    conf.set("hbase.master.hostname", host);
    conf.set("hbase.master.ipc.address", host);
    conf.setInt("hbase.master.port", 0);
    // The master's info server stays on: the binding's replication check reads the master's configuration there.
    conf.set("hbase.master.info.bindAddress", host);
    conf.setInt("hbase.master.info.port", masterInfoPort);
    conf.set("hbase.unsafe.regionserver.hostname", host);
    conf.set("hbase.regionserver.ipc.address", host);
    conf.setInt("hbase.regionserver.port", 0);
    conf.setInt("hbase.regionserver.info.port", -1);
  }
}
