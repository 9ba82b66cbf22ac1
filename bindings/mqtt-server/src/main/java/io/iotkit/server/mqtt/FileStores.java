package io.iotkit.server.mqtt;

import com.hivemq.configuration.service.InternalConfigurations;
import com.hivemq.migration.meta.PersistenceType;
import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/**
 * Which engine keeps the broker's message payloads on disk under file persistence, and how the payload store is
 * laid out. Retained messages are kept by Xodus whatever the engine: the kit publishes none, and HiveMQ's RocksDB
 * retained-message store alone takes 266 MB of an empty broker's folder (its 64 buckets' manifests and logs).
 *
 * <p>HiveMQ's default engine, RocksDB, opens 64 buckets per store and preallocates each bucket's write-ahead log
 * (about the size of its memtable: the host's memory / 32 / 64) and manifest (4 MB) at its first write: over 1 GB of
 * disk on a 24 GB host before a reading is kept, many times what a short run publishes. So the payload store's
 * buckets and their memtables can be set ({@link Layout}): fewer buckets preallocate fewer manifests, and memtables
 * sized for the broker, not the host, preallocate logs of that size; the kit's layout is {@link Layout#KIT}. Xodus,
 * the engine HiveMQ offers beside it, keeps the same buckets in log files that grow as they are written. Either
 * writes through the page cache without a sync per message, so the broker's acknowledgement promises the same.
 */
final class FileStores {
  /** The two engines, named as on the command line. */
  enum Engine { ROCKSDB, XODUS }

  static final Engine DEFAULT = Engine.ROCKSDB;

  /**
   * The payload store's layout under RocksDB.
   *
   * @param buckets the store's buckets (HiveMQ's own: 64), each a RocksDB database with its own log and manifest
   * @param memtableMegabytes the memtables of all buckets together; 0 keeps HiveMQ's own (the host's memory / 32)
   */
  record Layout(int buckets, long memtableMegabytes) {
    /**
     * The kit's: in whole runs on the local broker it kept the IoTps and halved the folder by the end of an
     * iteration (docs/stores/mqtt.md has the study).
     */
    static final Layout KIT = new Layout(4, 32);
  }

  private FileStores() {
  }

  static Optional<Engine> engine(String name) {
    return Arrays.stream(Engine.values()).filter(e -> e.name().toLowerCase(Locale.ROOT).equals(name)).findFirst();
  }

  /** Before the broker is built: HiveMQ reads its internal configuration when its persistences start. */
  static void use(Engine engine, Layout layout) {
    PersistenceType type = engine == Engine.XODUS ? PersistenceType.FILE : PersistenceType.FILE_NATIVE;
    InternalConfigurations.PAYLOAD_PERSISTENCE_TYPE.set(type);
    InternalConfigurations.RETAINED_MESSAGE_PERSISTENCE_TYPE.set(PersistenceType.FILE);
    InternalConfigurations.PAYLOAD_PERSISTENCE_BUCKET_COUNT.set(layout.buckets());
    if (layout.memtableMegabytes() > 0) {
      // HiveMQ sizes each bucket's memtable as the host's memory / portion / buckets: the portion that gives the
      // total asked for (to within the integer portion's rounding).
      long wanted = layout.memtableMegabytes() << 20;
      InternalConfigurations.PAYLOAD_PERSISTENCE_MEMTABLE_SIZE_PORTION.set(
          (int) Math.max(1, Math.min(Integer.MAX_VALUE, hostMemory() / wanted)));
    }
  }

  /** The host's memory as HiveMQ reads it for its memtables. */
  private static long hostMemory() {
    return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
        .getTotalMemorySize();
  }
}
