package io.iotkit.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iotkit.binding.Aggregate;
import io.iotkit.binding.Reading;
import io.iotkit.binding.ReadingFormat;
import io.iotkit.binding.WindowResult;
import io.iotkit.model.CheckResult;
import io.iotkit.model.ConsumerRates;
import io.iotkit.model.InstanceResult;
import io.iotkit.model.IterationResult;
import io.iotkit.model.Latency;
import io.iotkit.model.Operation;
import io.iotkit.model.PhaseResult;
import io.iotkit.model.RunResult;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.DoubleSummaryStatistics;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The whole protocol on the local Kafka, with a small K, through bin/tpcx-iot.sh (the instances on a driver host in
 * another network namespace, {@link OtherNetworkHost}); window queries checked against
 * readings read back independently; a wrong address gets one line.
 */
class KafkaProtocolIT {
  /**
   * 20,000 per instance: 10 queries each per execution. The local Kafka takes an instance's readings in about a
   * second; with 5 queries each, all of one measured run's queries once read empty windows in a CI run.
   */
  private static final long K = 40_000;

  @Test
  @Tag("smoke")
  void wholeProtocolOnLocalKafka(@TempDir Path work) throws Exception {
    KitProcess.CompletedRun run = WholeProtocolRun.run(work, null, K, "-b", "kafka", "--consume-stored");
    KitProcess.Finished f = run.process();
    Path runDir = run.runDir();
    RunResult r = run.result();
    KitProcess.assertStoreFilesDeleted(runDir, List.of("data/logs"), List.of("data/server.properties"));

    assertEquals("kafka", r.inputs().binding());
    WholeProtocolRun.assertQueriedOnSchedule(r, K);
    for (IterationResult it : r.iterations()) {
      assertEquals(0, it.measured().failedOperations() + it.warmup().failedOperations());
      assertEquals(2, it.measured().instances().size());
      // A consumer can read a record only once the broker has acknowledged it, and every reading has an end to end
      // figure. The producer learns of its acknowledgement on its own network thread, one batch's callbacks after
      // another; on two loaded cores that runs up to half a second after the consumer's poll, so a median can fall
      // either way. The mean and the tail cannot fall far below ingest's.
      for (PhaseResult p : List.of(it.warmup(), it.measured())) {
        Latency ingest = p.latency().get(Operation.INGEST);
        Latency e2e = p.latency().get(Operation.END_TO_END);
        assertEquals(p.acknowledged(), e2e.count(), p.name() + ": " + e2e);
        System.out.println(p.name() + ": end to end " + e2e + ", ingest " + ingest);
        assertTrue(e2e.meanMs() >= 0.9 * ingest.meanMs() && e2e.p99Ms() >= 0.9 * ingest.p99Ms(), p.name()
            + ": end to end " + e2e + ", ingest " + ingest);
      }
      // The reader on the master received every reading of the measured run while it was written; a new consumer
      // after the writes read the iteration's whole stored volume from the beginning.
      ConsumerRates c = it.consumers();
      assertEquals(it.measured().acknowledged(), c.withProducers().readings());
      assertTrue(c.withProducers().endMicros() > it.measured().startMicros());
      assertEquals(it.warmup().acknowledged() + it.measured().acknowledged(), c.alone().readings());
      assertEquals(1024L * c.alone().readings(), c.alone().bytes());
      assertTrue(c.alone().startMicros() >= it.measured().endMicros(), "after the writes");
      assertTrue(c.alone().readingsPerSecond() > 0, c.alone().toString());
      System.out.println("consumers, iteration " + it.number() + ": with producers "
          + (long) c.withProducers().readingsPerSecond() + " readings/s, alone "
          + (long) c.alone().readingsPerSecond());
    }
    assertFalse(KitProcess.check(r.prerequisites(), "no consumer-only read").passed(), "a trial run");
    assertTrue(Files.readString(runDir.resolve("report.txt")).contains("consumer only: a new consumer read"));
    assertTrue(r.cleanup().stream().allMatch(CheckResult::passed), "purge, temp files and restart all done: "
        + r.cleanup());

    // One local broker keeps one copy, and says so; a 20k run is honestly non-compliant.
    CheckResult replication = KitProcess.check(r.prerequisites(), "replication");
    assertFalse(replication.passed());
    assertTrue(replication.measured().text().startsWith("1 ("), replication.measured().text());
    assertTrue(replication.measured().text().contains("min.insync.replicas=1"), replication.measured().text());
    assertFalse(r.compliant());
    assertTrue(r.metrics().iotps() > 0);
    assertEquals(Math.min(r.metrics().iterationIotps().get(0), r.metrics().iterationIotps().get(1)),
        r.metrics().iotps(), 1e-9);

    assertTrue(f.stdout().contains("IoTps"), "the report is printed");
    assertTrue(Files.isRegularFile(runDir.resolve("report.txt")));
    assertTrue(Files.isRegularFile(runDir.resolve("sut/kafka-server.log")));
    assertEquals(List.of(), KitProcess.leftovers(runDir.toString()), "no instance or server left running");
    assertEquals(List.of(), filesContaining(runDir, "out of timestamp order"),
        "no query came close to missing a late-appended reading (kafka.query.disorder.ms)");
  }

  @Test
  void windowQueriesAggregateExactlyTheirWindow(@TempDir Path work) throws Exception {
    String substation = "agg-1-003";
    try (BindingHarness h = BindingHarness.start("kafka", work, new Properties())) {
      h.admin.prepare(List.of(substation));
      InstanceResult written = h.write(substation, 20_000, 10);
      assertEquals(20_000, written.acknowledged());

      // The only substation of its iteration: one slot of 200 partitions, one per sensor (the default layout).
      List<TopicPartition> partitions = IntStream.range(0, 200).mapToObj(i -> new TopicPartition("iot-agg-1", i))
          .toList();
      List<Reading> all = readBack(h.properties.getProperty("kafka.bootstrap.servers"), partitions);
      assertEquals(20_000, all.size(), "substation 003 writes to the topic's 200 partitions");
      Map<Integer, Set<String>> sensorsPerPartition = all.stream().collect(Collectors.groupingBy(Reading::partition,
          Collectors.mapping(Reading::sensor, Collectors.toSet())));
      assertEquals(200, sensorsPerPartition.size(), "every partition written");
      assertTrue(sensorsPerPartition.values().stream().allMatch(x -> x.size() == 1), "one sensor per partition");

      String sensor = all.get(all.size() / 2).sensor;
      List<Reading> inOffsetOrder = all.stream().filter(x -> x.sensor.equals(sensor)).toList();
      // Records may be out of timestamp order by more than kafka.query.disorder.ms on a loaded host; the window
      // reader widens its margin by the lateness its sends showed, and the exact windows below prove it.
      System.out.println("kafka append disorder in the sensor's partition: " + maxDisorderMs(inOffsetOrder) + " ms");
      List<Reading> mine = inOffsetOrder.stream().sorted(Comparator.comparingLong(x -> x.micros)).toList();
      assertEquals(100, mine.size(), "20,000 readings over 200 sensors");
      long aggregated = 0;
      long read = 0;
      long first = mine.get(0).micros;
      long last = mine.get(mine.size() - 1).micros;
      // Exact bounds: [10th reading, 90th reading) holds readings 10..89, whatever else is in the partition.
      long from = mine.get(10).micros;
      long to = mine.get(90).micros;
      for (long[] w : new long[][] {{first, last + 1}, {from, to}, {from + 1, to + 1}, {(first + last) / 2, last}}) {
        DoubleSummaryStatistics expected = mine.stream().filter(x -> x.micros >= w[0] && x.micros < w[1])
            .mapToDouble(x -> x.value).summaryStatistics();
        assertTrue(expected.getCount() > 0);
        for (Aggregate fn : Aggregate.values()) {
          WindowResult got = h.queries().aggregate(fn, substation, sensor, w[0], w[1]);
          assertEquals(expected.getCount(), got.count(), fn + " count of " + w[0] + ".." + w[1]);
          aggregated += got.count();
          read += got.read();
          double want = switch (fn) {
            case MAX -> expected.getMax();
            case MIN -> expected.getMin();
            case AVG -> expected.getAverage();
            case COUNT -> expected.getCount();
          };
          assertEquals(want, got.value(), Math.abs(want) * 1e-9, fn + " of " + w[0] + ".." + w[1]);
        }
      }
      // Read amplification: the sensor's own records, and those read past the window's end to learn that it ended.
      System.out.println("kafka window queries read " + read + " records for " + aggregated + " aggregated");
      assertTrue(read >= aggregated && read <= 2 * aggregated, read + " records read for " + aggregated);
      assertEquals(80, h.queries().aggregate(Aggregate.COUNT, substation, sensor, from, to).count());
      WindowResult before = h.queries().aggregate(Aggregate.MAX, substation, sensor, first - 10_000_000, first);
      assertEquals(0, before.count(), "nothing before the first reading");
      assertTrue(Double.isNaN(before.value()));
      WindowResult after = h.queries().aggregate(Aggregate.COUNT, substation, sensor, last + 1, last + 5_000_000);
      assertEquals(0, after.count(), "a window reaching past the log end returns at once with what exists");
    }
  }

  @Test
  void unreachableBootstrapServerGetsOneLine(@TempDir Path work) throws Exception {
    Path props = work.resolve("kafka.properties");
    Files.writeString(props, "kafka.bootstrap.servers=127.0.0.1:1\n");
    KitProcess.Finished f = KitProcess.run(work, 3, "-b", "kafka", "-p", "1", "-k", "10", "--binding-properties",
        props.toString(), "--results", work.resolve("results").toString());
    assertEquals(1, f.exitCode(), f.stderr());
    String err = f.stderr().strip();
    assertEquals(1, err.lines().count(), err);
    assertTrue(err.contains("kafka: cannot reach bootstrap server 127.0.0.1:1 (connection refused)"), err);
    assertFalse(err.contains("Exception") || err.contains("\tat "), err);

    Files.writeString(props, "kafka.bootstrap.servers=nohost.invalid:9092\n");
    f = KitProcess.run(work, 3, "-b", "kafka", "-p", "1", "-k", "10", "--binding-properties", props.toString(),
        "--results", work.resolve("results").toString());
    assertEquals(1, f.exitCode(), f.stderr());
    err = f.stderr().strip();
    assertEquals(1, err.lines().count(), err);
    assertTrue(err.contains("kafka: cannot reach bootstrap server nohost.invalid:9092 (unknown host"), err);
  }

  /**
   * SASL/PLAIN and TLS on a broker of the kit's own Kafka server (the test starts it, with a SASL user and a key
   * store): a run with the SASL password, the canary, runs end to end, and the canary, also the password of the
   * trust store the properties name (checked by the kit and handed to every client, though SASL_PLAINTEXT makes no
   * handshake with it), reaches no output; a wrong password and an untrusted certificate each get one line.
   */
  @Test
  void saslAndTlsWorkAndTheirFailuresGetOneLine(@TempDir Path work) throws Exception {
    Canary canary = new Canary();
    String password = canary.value;
    Path keystore = canary.keyStore(work);

    ProcessBuilder pb = new ProcessBuilder(io.iotkit.process.JavaCommand.of(
        List.of(KitProcess.HOME.resolve("bindings/kafka-server/target/kafka-server.jar"),
            KitProcess.HOME.resolve("bindings/kafka-server/target/lib")), List.of("-Xmx512m"),
        "io.iotkit.server.kafka.StandaloneKafka", List.of(work.resolve("kafka").toString(), "--sasl-plain-user",
            "kit", "--ssl-keystore", keystore.toString())))
        .redirectError(work.resolve("kafka-server.log").toFile());
    pb.environment().put("KAFKA_LOCAL_SASL_PASSWORD", password);
    pb.environment().put("KAFKA_LOCAL_SSL_PASSWORD", password);
    Process server = pb.start();
    try {
      Map<String, String> ready = awaitReady(server);
      Path results = work.resolve("results");

      // SASL with the right password: a whole (small) run, and the password nowhere in what the kit wrote.
      Path sasl = work.resolve("sasl.properties");
      Files.writeString(sasl, "kafka.bootstrap.servers=" + ready.get("sasl") + "\nkafka.security.protocol="
          + "SASL_PLAINTEXT\nkafka.sasl.username=kit\nkafka.sasl.password=" + password + "\n"
          + "kafka.ssl.truststore.location=" + keystore + "\nkafka.ssl.truststore.type=PKCS12\n"
          + "kafka.ssl.truststore.password=" + password + "\n");
      KitProcess kit = KitProcess.start(work, "-b", "kafka", "-p", "1", "-k", "2000",
          "--binding-properties", sasl.toString(), "--results", results.resolve("sasl").toString());
      canary.watch(kit);
      KitProcess.Finished f = kit.finish(5, "kafka SASL run");
      assertEquals(0, f.exitCode(), f.stderr());
      Path runDir = KitProcess.onlyRunDir(results.resolve("sasl"));
      RunResult r = KitProcess.result(runDir);
      for (IterationResult it : r.iterations()) {
        assertEquals(4_000, it.storedReadings());
      }
      canary.assertNowhereInACompleteRun(f, runDir, "kafka.sasl.password", "io.iotkit.instance.InstanceMain");
      assertTrue(Files.readString(runDir.resolve("config/binding.properties"))
          .contains("kafka.ssl.truststore.password=" + Canary.REDACTED));

      // The wrong password holds the canary: neither the line nor the run folder may show it.
      Files.writeString(sasl, Files.readString(sasl).replace("sasl.password=" + password,
          "sasl.password=wrong-" + password));
      assertOneLine(KitProcess.run(work, 3, "-b", "kafka", "-p", "1", "-k", "10", "--binding-properties",
          sasl.toString(), "--results", results.resolve("bad").toString()),
          "kafka: authentication failed at bootstrap server " + ready.get("sasl") + " (SASL PLAIN: Authentication"
              + " failed: Invalid username or password)", password);
      assertEquals(List.of(), canary.filesHolding(results.resolve("bad")));

      // TLS without a truststore that trusts the broker's self-signed certificate.
      Path tls = work.resolve("tls.properties");
      Files.writeString(tls, "kafka.bootstrap.servers=" + ready.get("ssl") + "\nkafka.security.protocol=SSL\n");
      assertOneLine(KitProcess.run(work, 3, "-b", "kafka", "-p", "1", "-k", "10", "--binding-properties",
          tls.toString(), "--results", results.resolve("bad").toString()),
          "kafka: TLS handshake with bootstrap server " + ready.get("ssl") + " failed (", password);
    } finally {
      server.getOutputStream().write("STOP\n".getBytes(StandardCharsets.UTF_8));
      server.getOutputStream().flush();
      if (!server.waitFor(60, java.util.concurrent.TimeUnit.SECONDS)) {
        server.destroyForcibly();
      }
    }
  }

  @Test
  void serverCommandServesUntilStopped(@TempDir Path work) throws Exception {
    Path dir = work.resolve("local-kafka");
    KitProcess.Finished wrong = KitProcess.run(work, 1, "server", "-b", "kafka", "start", "--dir", dir.toString(),
        "--port", "9092");
    assertEquals(2, wrong.exitCode(), "Kafka picks its own ports");
    assertEquals(1, wrong.stderr().strip().lines().count(), wrong.stderr());
    KitProcess.Finished started = KitProcess.run(work, 4, "server", "-b", "kafka", "start", "--dir", dir.toString());
    assertEquals(0, started.exitCode(), started.stderr());
    String bootstrap = started.stdout().lines().filter(l -> l.startsWith("kafka.bootstrap.servers="))
        .map(l -> l.substring(l.indexOf('=') + 1)).findFirst().orElse(null);
    assertTrue(bootstrap != null && bootstrap.startsWith("127.0.0.1:"), "start prints the address");
    Properties p = new Properties();
    p.setProperty("bootstrap.servers", bootstrap);
    try (org.apache.kafka.clients.admin.Admin admin = org.apache.kafka.clients.admin.Admin.create(p)) {
      assertEquals(1, admin.describeCluster().nodes().get(30, java.util.concurrent.TimeUnit.SECONDS).size());
    }
    assertEquals(0, KitProcess.run(work, 1, "server", "-b", "kafka", "status", "--dir", dir.toString()).exitCode());
    KitProcess.Finished stop = KitProcess.run(work, 3, "server", "-b", "kafka", "stop", "--dir", dir.toString());
    assertEquals(0, stop.exitCode(), stop.stderr());
    assertEquals(3, KitProcess.run(work, 1, "server", "-b", "kafka", "status", "--dir", dir.toString()).exitCode());
    assertEquals(List.of(), ProcessHandle.allProcesses().map(h -> h.info().commandLine().orElse(""))
        .filter(c -> c.contains("StandaloneKafka") && c.contains(dir.toString())).toList());
  }

  private static Map<String, String> awaitReady(Process server) throws Exception {
    java.io.BufferedReader out = new java.io.BufferedReader(new java.io.InputStreamReader(server.getInputStream(),
        StandardCharsets.UTF_8));
    String line;
    while ((line = out.readLine()) != null) {
      if (line.startsWith("READY")) {
        Map<String, String> facts = new java.util.HashMap<>();
        for (String word : line.split(" ")) {
          int eq = word.indexOf('=');
          if (eq > 0) {
            facts.put(word.substring(0, eq), word.substring(eq + 1));
          }
        }
        return facts;
      }
    }
    throw new AssertionError("the local Kafka exited before it was ready");
  }

  private static void assertOneLine(KitProcess.Finished f, String expected, String secret) {
    assertEquals(1, f.exitCode(), f.stderr());
    String err = f.stderr().strip();
    assertEquals(1, err.lines().count(), err);
    assertTrue(err.contains(expected), "expected '" + expected + "' in: " + err);
    assertFalse(err.contains("Exception") || err.contains("\tat "), err);
    assertFalse(err.contains(secret) || f.stdout().contains(secret), "no secret in the output");
  }

  private static List<Path> filesContaining(Path root, String text) throws java.io.IOException {
    try (Stream<Path> files = Files.walk(root)) {
      return files.filter(Files::isRegularFile).filter(p -> {
        try {
          return new String(Files.readAllBytes(p), StandardCharsets.ISO_8859_1).contains(text);
        } catch (java.io.IOException e) {
          throw new java.io.UncheckedIOException(e);
        }
      }).toList();
    }
  }

  /** One record as read back with a consumer of the test's own. */
  private record Reading(int partition, long offset, long timestampMs, String sensor, long micros, double value) {
  }

  /** The partitions' records, one partition after the other, each in offset order. */
  /** Every record of the partitions, read by one consumer (a consumer per partition costs 200 connections). */
  private static List<Reading> readBack(String bootstrap, List<TopicPartition> partitions) {
    Properties p = new Properties();
    p.setProperty("bootstrap.servers", bootstrap);
    p.setProperty("enable.auto.commit", "false");
    List<Reading> out = new ArrayList<>();
    try (KafkaConsumer<byte[], byte[]> c = new KafkaConsumer<>(p, new ByteArrayDeserializer(),
        new ByteArrayDeserializer())) {
      c.assign(partitions);
      Map<TopicPartition, Long> ends = c.endOffsets(partitions);
      c.seekToBeginning(partitions);
      long deadline = System.currentTimeMillis() + 60_000;
      while (partitions.stream().anyMatch(tp -> c.position(tp) < ends.get(tp))
          && System.currentTimeMillis() < deadline) {
        for (ConsumerRecord<byte[], byte[]> r : c.poll(Duration.ofMillis(500))) {
          String key = new String(r.key(), StandardCharsets.UTF_8);
          String[] parts = key.split(":");
          String value = new String(r.value(), StandardCharsets.UTF_8).split("\u001F")[0];
          out.add(new Reading(r.partition(), r.offset(), r.timestamp(), parts[1], ReadingFormat.micros(key),
              Double.parseDouble(value)));
        }
      }
    }
    return out;
  }

  /** The largest amount by which a record's timestamp lags a timestamp appended before it. */
  private static long maxDisorderMs(List<Reading> inOffsetOrder) {
    long maxSoFar = inOffsetOrder.isEmpty() ? 0 : inOffsetOrder.get(0).timestampMs;
    long worst = 0;
    for (Reading r : inOffsetOrder) {
      worst = Math.max(worst, maxSoFar - r.timestampMs);
      maxSoFar = Math.max(maxSoFar, r.timestampMs);
    }
    return worst;
  }
}
