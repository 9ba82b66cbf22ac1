package io.iotkit.binding.mqtt;

import io.iotkit.binding.settings.PropertyReader;
import io.iotkit.process.ChildJvmServer;
import io.iotkit.process.LocalSetup;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;

/**
 * A HiveMQ Community Edition broker in a child JVM (bindings/mqtt-server), listening on a free port of the
 * setup's address (127.0.0.1 unless driver hosts must reach it), its sessions and queues on disk under the run's folder. The broker's own limits can be set with
 * {@value #MAX_QUEUE_SIZE}, {@value #RECEIVE_MAXIMUM}, {@value #PERSISTENCE}, {@value #FILE_STORES},
 * {@value #FILE_BUCKETS}, {@value #FILE_MEMTABLES} and {@value #FILE_DELETION_DELAY} (see
 * io.iotkit.server.mqtt.BrokerConfig, FileStores and XodusDeletion for why the defaults are what they are).
 */
final class LocalHiveMq extends ChildJvmServer {
  static final String MAX_QUEUE_SIZE = "mqtt.local.max.queue.size";
  static final String RECEIVE_MAXIMUM = "mqtt.local.receive.maximum";
  static final String PERSISTENCE = "mqtt.local.persistence";
  /** The engine of the broker's payload store under file persistence (FileStores there). */
  static final String FILE_STORES = "mqtt.local.file.stores";
  /** The payload store's buckets under RocksDB (FileStores.Layout there). */
  static final String FILE_BUCKETS = "mqtt.local.file.buckets";
  /** The payload store's memtables over all its buckets, MB; 0: HiveMQ's own, the host's memory / 32. */
  static final String FILE_MEMTABLES = "mqtt.local.file.memtables.mb";
  /** How long the broker's Xodus stores keep a log file after emptying it, ms (XodusDeletion there). */
  static final String FILE_DELETION_DELAY = "mqtt.local.file.deletion.delay.ms";
  /** HiveMQ's own start script opens these JDK internals for its Netty and persistence. */
  private static final List<String> JVM_OPTIONS = List.of("-Xms512m", "-Xmx2g", "-XX:+UseG1GC",
      "-Djava.net.preferIPv4Stack=true",
      "--add-opens=java.base/java.lang=ALL-UNNAMED", "--add-opens=java.base/java.nio=ALL-UNNAMED",
      "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED",
      "--add-opens=jdk.management/com.sun.management.internal=ALL-UNNAMED",
      "--add-exports=java.base/jdk.internal.misc=ALL-UNNAMED");
  private static final Duration READY_TIMEOUT = Duration.ofSeconds(120);
  private static final Duration STOP_GRACE = Duration.ofSeconds(60);

  private final List<String> brokerOptions = new ArrayList<>();
  private final String host;
  private final String persistence;
  private final String fileStores;
  private final int fileBuckets;
  private final long fileMemtables;
  private final int fileDeletionDelay;

  LocalHiveMq(LocalSetup setup, Properties properties) {
    super(noReplication(setup), "mqtt-server", "io.iotkit.server.mqtt.HiveMqBroker", JVM_OPTIONS, READY_TIMEOUT, STOP_GRACE);
    this.host = setup.host();
    brokerOptions.addAll(List.of("--host", host));
    // The launcher's own ranges (io.iotkit.server.mqtt.BrokerConfig), checked here to name the property.
    PropertyReader reader = new PropertyReader(properties);
    reader.optionalLongIn(MAX_QUEUE_SIZE, 1, Long.MAX_VALUE).ifPresent(n -> option("--max-queue-size", n));
    reader.optionalIntIn(RECEIVE_MAXIMUM, 1, 65_535).ifPresent(n -> option("--receive-maximum", n));
    this.persistence = reader.oneOf(PERSISTENCE, "file", Set.of("file", "in-memory"));
    option("--persistence", persistence);
    this.fileStores = reader.oneOf(FILE_STORES, "rocksdb", Set.of("rocksdb", "xodus"));
    option("--file-stores", fileStores);
    // 4 buckets with 32 MB of memtables in all: HiveMQ's own 64 with the host's memory / 32 preallocate over 1 GB
    // (io.iotkit.server.mqtt.FileStores); the study in docs/stores/mqtt.md chose these.
    this.fileBuckets = reader.intIn(FILE_BUCKETS, 4, 1, 1_024);
    option("--file-buckets", fileBuckets);
    this.fileMemtables = reader.longIn(FILE_MEMTABLES, 32, 0, 1 << 20);
    option("--file-memtables", fileMemtables);
    // Xodus's own 5 s, where HiveMQ waits 60 s: the queues' emptied files were most of a run's disk.
    this.fileDeletionDelay = reader.intIn(FILE_DELETION_DELAY, 5_000, 0, 3_600_000);
    option("--xodus-deletion-delay", fileDeletionDelay);
  }

  /** HiveMQ CE clusters no brokers and replicates nothing: a replicated local MQTT SUT cannot be made. */
  private static LocalSetup noReplication(LocalSetup setup) {
    if (setup.replicated()) {
      throw new IllegalArgumentException("mqtt: HiveMQ Community Edition runs one broker and keeps one copy of each"
          + " message (no clustering, no replication): use --sut-nodes 1 (its replication is reported as 1)");
    }
    return setup;
  }

  private void option(String flag, Object value) {
    brokerOptions.add(flag);
    brokerOptions.add(value.toString());
  }

  @Override
  public String description() {
    String memtables = fileMemtables == 0 ? "host-sized memtables" : fileMemtables + " MB of memtables";
    String deletion = "emptied queue files deleted after " + fileDeletionDelay + " ms";
    String stores = !persistence.equals("file") ? ""
        : fileStores.equals("rocksdb") ? " (payloads in rocksdb: " + fileBuckets + " buckets, " + memtables + "; "
            + deletion + ")"
        : " (payloads in " + fileStores + "; " + deletion + ")";
    return "local HiveMQ Community Edition 2024.3 broker in a child JVM (" + host + ", " + persistence
        + " persistence" + stores + ", one node)";
  }

  @Override
  public Set<String> launchOptions() {
    return Set.of("--port");
  }

  @Override
  protected List<String> arguments(Path dir) {
    List<String> args = new ArrayList<>(List.of(dir.resolve("broker").toString()));
    args.addAll(brokerOptions);
    return args;
  }

  @Override
  protected Properties address(Map<String, String> facts) {
    Properties p = new Properties();
    p.setProperty(MqttSettings.HOST, facts.get("host"));
    p.setProperty(MqttSettings.PORT, facts.get("port"));
    return p;
  }

  /**
   * The broker's persistence: it keeps no readings once the kit has ended its sessions, but holds their payloads
   * and its queue logs until its collectors free them.
   */
  @Override
  protected List<Path> storeFolders(Path workDir) {
    return List.of(workDir.resolve("broker/data"));
  }
}
