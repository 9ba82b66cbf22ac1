package io.iotkit.server.hbase;

import java.util.Map;
import java.util.function.BiConsumer;

/**
 * How soon the local HBase deletes files it no longer needs, so that the disk it holds follows its data rather
 * than every byte it ever wrote. HBase's defaults suit a cluster whose operators may want to look back: WALs whose
 * edits are all flushed wait 10 minutes in {@code oldWALs}, store files that a compaction replaced wait 5 minutes
 * in {@code archive}, the master's cleaners look every 10 minutes, and its catalog janitor (which removes a split
 * region's parent once its daughters no longer refer to it) every 5. The kit's server takes no snapshots and
 * replicates to no peer, the only readers of those files, so it deletes them within seconds; a look every 2 s is
 * one directory listing each.
 */
final class CleanerSettings {
  private static final String TWO_SECONDS = "2000";

  /** Setting to value, in milliseconds. */
  private static final Map<String, String> ALL = Map.of(
      "hbase.master.cleaner.interval", TWO_SECONDS,
      "hbase.master.logcleaner.ttl", TWO_SECONDS,
      "hbase.master.hfilecleaner.ttl", TWO_SECONDS,
      "hbase.catalogjanitor.interval", TWO_SECONDS);

  private CleanerSettings() {
  }

  static void apply(BiConsumer<String, String> set) {
    ALL.forEach(set);
  }
}
