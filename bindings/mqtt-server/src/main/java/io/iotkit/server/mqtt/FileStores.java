package io.iotkit.server.mqtt;

import com.hivemq.configuration.service.InternalConfigurations;
import com.hivemq.migration.meta.PersistenceType;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/**
 * Which engine keeps the broker's message payloads and retained messages on disk under file persistence. HiveMQ's
 * default, RocksDB, opens 64 buckets per store and preallocates each bucket's write-ahead log (about the size of its
 * memtable, the host's memory / 32 / 64) and manifest (4 MB) at its first write: over 1 GB of disk on a 24 GB host
 * before a reading is kept, many times what a short run publishes. Xodus, the engine HiveMQ offers beside it, keeps
 * the same buckets in log files that grow as they are written, but cost about 7 % of the IoTps in a study of the two
 * (docs/stores/mqtt.md), so RocksDB stays the default and Xodus is there for a small disk. Either writes through the
 * page cache without a sync per message, so the broker's acknowledgement promises the same.
 */
final class FileStores {
  /** The two engines, named as on the command line. */
  enum Engine { ROCKSDB, XODUS }

  static final Engine DEFAULT = Engine.ROCKSDB;

  private FileStores() {
  }

  static Optional<Engine> engine(String name) {
    return Arrays.stream(Engine.values()).filter(e -> e.name().toLowerCase(Locale.ROOT).equals(name)).findFirst();
  }

  /** Before the broker is built: HiveMQ reads its internal configuration when its persistences start. */
  static void use(Engine engine) {
    PersistenceType type = engine == Engine.XODUS ? PersistenceType.FILE : PersistenceType.FILE_NATIVE;
    InternalConfigurations.PAYLOAD_PERSISTENCE_TYPE.set(type);
    InternalConfigurations.RETAINED_MESSAGE_PERSISTENCE_TYPE.set(type);
  }
}
