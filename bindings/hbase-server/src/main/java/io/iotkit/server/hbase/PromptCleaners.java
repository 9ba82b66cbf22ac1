package io.iotkit.server.hbase;

import org.apache.hadoop.conf.Configuration;

/**
 * The HBase servers the kit starts delete what they no longer need within seconds, not minutes: write-ahead logs
 * whose edits are flushed (moved to oldWALs) and store files replaced by a compaction (moved to the archive). HBase
 * keeps both for 5 to 10 minutes for replication, snapshots and backups, none of which a benchmark's local server
 * serves, and its master looks for them every 10 minutes; meanwhile they pile up beside the data, and once filled
 * a disk mid-bench.
 */
final class PromptCleaners {
  /** How often the master's cleaners look, and how old a file they delete must be. */
  static final int SECONDS = 10;

  private PromptCleaners() {
  }

  static void apply(Configuration conf) {
    conf.setInt("hbase.master.cleaner.interval", SECONDS * 1_000);
    conf.setLong("hbase.master.logcleaner.ttl", SECONDS * 1_000L);
    conf.setLong("hbase.master.hfilecleaner.ttl", SECONDS * 1_000L);
  }
}
