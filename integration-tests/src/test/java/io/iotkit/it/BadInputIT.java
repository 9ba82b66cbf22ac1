package io.iotkit.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iotkit.files.FileTrees;
import io.iotkit.model.RunResult;
import io.iotkit.model.RunStatus;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bad input gets one clear line on stderr and a non-zero exit, never a stack trace. */
class BadInputIT {

  @Test
  void versionIsTheReleaseIdentityTheBuildRecorded(@TempDir Path work) throws Exception {
    KitProcess.Finished f = KitProcess.run(work, 2, "--version");
    assertEquals(0, f.exitCode(), f.stdout() + f.stderr());
    // a kit built in a git checkout (as this one is) names the commit it was built from
    assertTrue(f.stdout().trim().matches("IoT gateway benchmark kit \\d+\\.\\d+\\.\\d+\\S* \\(commit [0-9a-f]{40}.*\\)"),
        f.stdout());
  }

  @Test
  void noSubstations(@TempDir Path work) throws Exception {
    assertOneLine(KitProcess.run(work, 2, "-p", "0", "-k", "100"), 2, "-p must be at least 1");
  }

  @Test
  void fewerKvpsThanSubstations(@TempDir Path work) throws Exception {
    assertOneLine(KitProcess.run(work, 2, "-p", "4", "-k", "3"), 2, "-k must be at least -p");
  }

  @Test
  void notANumber(@TempDir Path work) throws Exception {
    assertOneLine(KitProcess.run(work, 2, "-p", "two"), 2, "'two'");
  }

  @Test
  void unknownBinding(@TempDir Path work) throws Exception {
    assertOneLine(KitProcess.run(work, 2, "-b", "cassandra", "-p", "1", "-k", "10"), 2,
        "unknown binding 'cassandra'; built bindings: dynamodb, hbase");
  }

  @Test
  void aMetricsPortInUseIsRefusedBeforeAnythingStarts(@TempDir Path work) throws Exception {
    try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
      String port = Integer.toString(taken.getLocalPort());
      assertOneLine(KitProcess.run(work, 2, "-b", "null", "-p", "1", "-k", "10", "--metrics-port", port), 2,
          "--metrics-port " + port + " on 127.0.0.1: ");
      assertOneLine(KitProcess.run(work, 2, "sweep", "-b", "null", "-p", "1,2", "-k", "10", "--metrics-port", port),
          2, "--metrics-port " + port + " on 127.0.0.1: ");
    }
    assertFalse(Files.exists(work.resolve("results")), "no run or study folder was made");
  }

  @Test
  void aWeightsFileThatWeighsNoFigureIsRefusedBeforeAnythingRuns(@TempDir Path work) throws Exception {
    Files.writeString(work.resolve("w.json"), "{\"weights\": {\"cpu\": 3}}");
    assertOneLine(KitProcess.run(work, 2, "sweep", "-b", "null", "-p", "1,2", "-k", "10", "--weights", "w.json"), 2,
        "w.json weighs 'cpu', which is no figure of a study; the figures are sutCpu, ");
    assertFalse(Files.exists(work.resolve("results")), "no study folder was made");
  }

  @Test
  void missingPricingFile(@TempDir Path work) throws Exception {
    assertOneLine(KitProcess.run(work, 2, "-b", "null", "-p", "1", "-k", "10", "--pricing", "nope.json"), 2,
        "pricing file nope.json: no such file");
  }

  @Test
  void malformedPricingFile(@TempDir Path work) throws Exception {
    Files.writeString(work.resolve("bad.json"), "{\"currency\": \"USD\", \"lineItems\": [ {\"description\": ");
    assertOneLine(KitProcess.run(work, 2, "-b", "null", "-p", "1", "-k", "10", "--pricing", "bad.json"), 2,
        "pricing file bad.json: not JSON at line 1");
  }

  @Test
  void pricingItemWithoutPrice(@TempDir Path work) throws Exception {
    Files.writeString(work.resolve("p.json"), "{\"currency\": \"USD\", \"lineItems\": [ {\"description\": \"x\","
        + " \"quantity\": 1, \"availabilityDate\": \"2026-01-01\"} ]}");
    assertLines(KitProcess.run(work, 2, "-b", "null", "-p", "1", "-k", "10", "--pricing", "p.json"), 2,
        "tpcx-iot.sh: pricing file p.json has 1 bad field (docs/SPONSOR-FILES.md describes each):",
        "p.json: lineItems[0].unitPrice: is missing; without a listPrice it must be a number >= 0");
  }

  @Test
  void unreachableSut(@TempDir Path work) throws Exception {
    KitProcess.Finished f = runHBase(work, "hbase.zookeeper.quorum=127.0.0.1\nhbase.zookeeper.property.clientPort=1\n");
    assertOneLine(f, 1, "hbase: cannot reach ZooKeeper (127.0.0.1:1: Connection refused)");
    RunResult r = KitProcess.result(KitProcess.onlyRunDir(work.resolve("results")));
    assertEquals(RunStatus.ABORTED, r.status(), "the run folder says the run did not happen");
    assertTrue(r.iterations().isEmpty());
    assertFalse(r.compliant());
  }

  @Test
  void badBindingProperty(@TempDir Path work) throws Exception {
    KitProcess.Finished f = runHBase(work, "hbase.zookeeper.quorum=127.0.0.1\nhbase.batch.size=abc\n");
    assertOneLine(f, 2, "hbase: binding properties " + work.resolve("hbase.properties")
        + ": hbase.batch.size 'abc' is not a whole number of at least 1");
    assertFalse(f.stderr().contains("kit error"), f.stderr());
    RunResult r = KitProcess.result(KitProcess.onlyRunDir(work.resolve("results")));
    assertEquals(RunStatus.ABORTED, r.status(), "the run folder says the run did not happen");
    assertTrue(r.iterations().isEmpty());
  }

  /**
   * Every binding's properties are checked before its local server starts (none of these runs names a server
   * address, and none starts one): one line naming binding, file, key and what is wrong; exit 2.
   */
  @Test
  void badBindingPropertiesOfEveryBinding(@TempDir Path work) throws Exception {
    badProperty(work, "hbase", "hbase.zookeeper.quorum=127.0.0.1:abc\n",
        "hbase.zookeeper.quorum entry '127.0.0.1:abc' has no valid port (a whole number from 1 to 65535)");
    badProperty(work, "hbase", "hbase.batch.size=0\n", "hbase.batch.size '0' is not a whole number of at least 1");
    badProperty(work, "hbase", "hbase.client.retries.number=many\n", "hbase.client.retries.number 'many' is not a"
        + " whole number (or one with a unit, such as 60s or 128m) (HBase's default is 15)");
    badProperty(work, "mysql", "mysql.ssl.truststore=/no/such/trust.p12\n",
        "mysql.ssl.truststore '/no/such/trust.p12' is not a readable file");
    badProperty(work, "mysql", "mysql.jdbc.connectTimeout=soon\n", "mysql.jdbc.connectTimeout 'soon': The connection"
        + " property 'connectTimeout' only accepts integer values");
    badProperty(work, "mysql", "mysql.ssl.mode=sometimes\n", "mysql.ssl.mode 'sometimes' is not one of DISABLED,");
    badProperty(work, "kafka", "kafka.producer.linger.ms=soon\n",
        "kafka.producer.linger.ms: Invalid value soon for configuration linger.ms: Not a number of type LONG");
    badProperty(work, "kafka", "kafka.bootstrap.servers=broker1\n", "kafka.bootstrap.servers entry 'broker1' is not"
        + " host:port");
    badProperty(work, "kafka", "kafka.topic.partitions.per.substation=201\n",
        "kafka.topic.partitions.per.substation '201' is not a whole number from 1 to 200");
    badProperty(work, "mqtt", "mqtt.qos=3\n", "mqtt.qos '3' is not a whole number from 0 to 2");
    badProperty(work, "mqtt", "mqtt.local.persistence=disk\n",
        "mqtt.local.persistence 'disk' is not one of file, in-memory");
    badProperty(work, "mqtt", "mqtt.local.max.queue.size=many\n",
        "mqtt.local.max.queue.size 'many' is not a whole number of at least 1");
    badProperty(work, "postgresql", "postgresql.batch.size=0\n",
        "postgresql.batch.size '0' is not a whole number from 1 to 100000");
    badProperty(work, "postgresql", "postgresql.ssl.mode=sometimes\n",
        "postgresql.ssl.mode 'sometimes' is not one of ");
    badProperty(work, "postgresql", "postgresql.jdbc.sslmodee=require\n",
        "postgresql.jdbc.sslmodee: pgJDBC has no property 'sslmodee'");
    badProperty(work, "postgresql", "postgresql.local.bin=/no/such/bin\n",
        "postgresql.local.bin '/no/such/bin' is not a folder with postgres, initdb, pg_basebackup, pg_isready");
    badProperty(work, "postgresql", "postgresql.table=Readings\n", "postgresql.table 'Readings' must be 1 to 63"
        + " lower-case letters, digits or _, not starting with a digit");
    badProperty(work, "influxdb", "influxdb.batch.size=0\n",
        "influxdb.batch.size '0' is not a whole number from 1 to 20000");
    badProperty(work, "influxdb", "influxdb.url=ftp://db1\n",
        "influxdb.url 'ftp://db1' is not an http:// or https:// address");
    badProperty(work, "influxdb", "influxdb.user=kit\n", "influxdb.user is set but influxdb.password is not");
    badProperty(work, "influxdb", "influxdb.local.influxd=/no/such/influxd\n",
        "influxdb.local.influxd '/no/such/influxd' is not an executable file");
    badProperty(work, "mongodb", "mongodb.write.concern=0\n", "mongodb.write.concern '0' is not majority or a"
        + " number of members from 1 to 50 (0, unacknowledged writes, cannot count as ingested)");
    badProperty(work, "mongodb", "mongodb.batch.size=0\n",
        "mongodb.batch.size '0' is not a whole number from 1 to 100000");
    badProperty(work, "mongodb", "mongodb.hosts=db1:x\n",
        "mongodb.hosts entry 'db1:x' has no valid port (a whole number from 1 to 65535)");
    badProperty(work, "dynamodb", "dynamodb.batch.size=26\n",
        "dynamodb.batch.size '26' is not a whole number from 1 to 25");
    badProperty(work, "dynamodb", "dynamodb.endpoint=ftp://db1\n", "dynamodb.endpoint 'ftp://db1' is not an"
        + " endpoint (http://host:port, https://host, host:port, or aws for DynamoDB at the region's own endpoint)");
    badProperty(work, "dynamodb", "dynamodb.secret.access.key=canary-7\n",
        "dynamodb.secret.access.key is set but dynamodb.access.key.id is not");
    badProperty(work, "dynamodb", "dynamodb.table=a b\n",
        "dynamodb.table 'a b' is not a table name (3 to 255 letters, digits, _, - and .)");
  }

  /** Kafka's topic settings only the broker checks (here the local one): still bad input, named by its file. */
  @Test
  void kafkaTopicSettingTheBrokerRefuses(@TempDir Path work) throws Exception {
    Path props = Files.writeString(work.resolve("kafka.properties"), "kafka.topic.config.retention.ms=forever\n");
    KitProcess.Finished f = KitProcess.run(work, 3, "-b", "kafka", "-p", "1", "-k", "10", "--binding-properties",
        props.toString(), "--results", work.resolve("results").toString());
    assertOneLine(f, 2, "kafka: binding properties " + props + ": the cluster refused topic iot-replication-check as"
        + " kafka.topic.* set it: Invalid value forever for configuration retention.ms");
    assertEquals(List.of(), KitProcess.leftovers(work.toString()), "the local Kafka was stopped");
  }

  /**
   * K whose readings cannot fit on the local server's disk (2 x 400,000,000 x 1 KB is 762.9 GiB, more than any
   * build machine has free): one line before any reading is written, not a disk filled hours in.
   */
  @Test
  void readingsThatCannotFitOnTheLocalServersDisk(@TempDir Path work) throws Exception {
    KitProcess.Finished f = KitProcess.run(work, 3, "-b", "kafka", "-p", "1", "-k", "400000000", "--results",
        work.resolve("results").toString());
    assertOneLine(f, 2, "the local SUT needs at least 762.9 GiB for one iteration's readings (2 x K = 800,000,000"
        + " readings x 1,024 B x 1 copies");
    assertTrue(f.stdout().contains("[PASS] replication factor") || f.stdout().contains("[FAIL] replication factor"),
        "after the SUT's checks: " + f.stdout());
    assertFalse(f.stdout().contains("warmup ..."), "nothing was written");
    assertEquals(List.of(), KitProcess.leftovers(work.toString()), "the local Kafka was stopped");
  }

  /** A trust store's password that does not open it: one line that names the keys, never the password. */
  @Test
  void wrongTrustStorePasswordIsBadAndNotShown(@TempDir Path work) throws Exception {
    Canary canary = new Canary();
    Path store = canary.keyStore(work);
    String wrong = "not-" + canary.value; // holds the canary, so any trace of it is found
    badProperty(work, "mqtt", "mqtt.tls.truststore=" + store + "\nmqtt.tls.truststore.password=" + wrong + "\n",
        "mqtt.tls.truststore.password does not open mqtt.tls.truststore '" + store + "' (not its password)");
    badProperty(work, "mysql", "mysql.ssl.truststore=" + store + "\nmysql.ssl.truststore.password=" + wrong + "\n",
        "mysql.ssl.truststore.password does not open mysql.ssl.truststore '" + store + "' (not its password)");
    KitProcess.Finished f = badProperty(work, "kafka", "kafka.ssl.keystore.location=" + store
        + "\nkafka.ssl.keystore.type=PKCS12\nkafka.ssl.keystore.password=" + wrong + "\n",
        "kafka.ssl.keystore.password does not open kafka.ssl.keystore.location '" + store + "' (not its password)");
    canary.assertNowhere(f, work.resolve("results"));
    assertTrue(canary.filesHolding(work).contains(work.resolve("kafka.properties")),
        "the search finds the canary where it is");
  }

  @Test
  void serverCommandChecksTheBindingProperties(@TempDir Path work) throws Exception {
    Path props = Files.writeString(work.resolve("broker.properties"), "mqtt.local.receive.maximum=0\n");
    assertOneLine(KitProcess.run(work, 1, "server", "-b", "mqtt", "start", "--dir", work.resolve("broker").toString(),
        "--binding-properties", props.toString()), 2, "tpcx-iot.sh: mqtt: binding properties " + props
        + ": mqtt.local.receive.maximum '0' is not a whole number from 1 to 65535");
  }

  /** System description, host list and pricing file: where in the file and what is wrong. */
  @Test
  void badSponsorFiles(@TempDir Path work) throws Exception {
    badSponsorFile(work, "--system", "s.json", "{\"hardware\": {\"nodes\": [{\"count\": 0}]}}",
        "system description file s.json has 1 bad field (docs/SPONSOR-FILES.md describes each):",
        "s.json: hardware.nodes[0].count: must be an integer >= 1 or null, was 0");
    badSponsorFile(work, "--system", "s.json", "{\"hardwear\": {}}",
        "system description file s.json has 1 bad field (docs/SPONSOR-FILES.md describes each):",
        "s.json: hardwear: is not a field here; the fields here are sponsor, systemName, reportDate, auditor,"
            + " hardware, pricedHardware, software, tunables, compilerOptions, dataLayout,"
            + " pricedConfigurationDifferences");
    badSponsorFile(work, "--hosts", "hosts.txt", "# drivers\nbench@driver1:99999999999\n",
        "host list hosts.txt line 2: port 99999999999 is not in 1..65535");
    badSponsorFile(work, "--hosts", "hosts.txt", "driver1 instances=many\n",
        "host list hosts.txt line 1: instances=many is not a count of 0 or more");
    badSponsorFile(work, "--pricing", "p.json", "{\"currency\": \"USD\", \"lineItems\": [ {\"description\":"
        + " \"x\", \"unitPrice\": 10, \"quantity\": 0, \"availabilityDate\": \"2026-01-01\"} ]}",
        "pricing file p.json has 1 bad field (docs/SPONSOR-FILES.md describes each):",
        "p.json: lineItems[0].quantity: must be an integer >= 1, was 0");
  }

  @Test
  void strictRunAbortsAtFirstBrokenRule(@TempDir Path work) throws Exception {
    // The sink keeps no copy: the replication check breaks before any data is written.
    KitProcess.Finished f = KitProcess.run(work, 3, "--strict", "-b", "null", "-p", "1", "-k", "1000",
        "--results", work.resolve("results").toString());
    assertOneLine(f, 1, "--strict: replication factor broke its rule");
    RunResult r = KitProcess.result(KitProcess.onlyRunDir(work.resolve("results")));
    assertEquals(RunStatus.ABORTED, r.status());
    assertTrue(r.iterations().isEmpty(), "nothing ran after the broken rule");
    assertTrue(r.prerequisites().get(0).passed(), "the file check passed first: " + r.prerequisites().get(0));
  }

  /**
   * A run given {@code file} with {@code content} by {@code option} ends with exit 2 before it makes a run folder:
   * one line naming the file, where in it and what is wrong (a host list), or for a sponsor file a line naming it
   * and then a line per bad field; {@code expected} is the first line (or its end) and the lines after it.
   */
  private static void badSponsorFile(Path work, String option, String file, String content, String... expected)
      throws Exception {
    Files.writeString(work.resolve(file), content);
    Path results = work.resolve("results");
    KitProcess.Finished f = KitProcess.run(work, 2, "-b", "null", "-p", "1", "-k", "10", option, file, "--results",
        results.toString());
    if (expected.length == 1) {
      assertOneLine(f, 2, expected[0]);
    } else {
      String[] lines = expected.clone();
      lines[0] = "tpcx-iot.sh: " + lines[0];
      assertLines(f, 2, lines);
    }
    assertFalse(Files.exists(results), "no run folder: the file is checked before the run");
  }

  /**
   * A run of {@code binding} with these binding properties ends with exit 2 and one line naming binding, file and
   * the property's problem; its run folder says ABORTED and holds no iteration.
   */
  private static KitProcess.Finished badProperty(Path work, String binding, String properties, String problem)
      throws Exception {
    Path props = Files.writeString(work.resolve(binding + ".properties"), properties);
    Path results = work.resolve("results");
    FileTrees.delete(results);
    KitProcess.Finished f = KitProcess.run(work, 2, "-b", binding, "-p", "1", "-k", "10", "--binding-properties",
        props.toString(), "--results", results.toString());
    assertOneLine(f, 2, "tpcx-iot.sh: run aborted: " + binding + ": binding properties " + props + ": " + problem);
    RunResult r = KitProcess.result(KitProcess.onlyRunDir(results));
    assertEquals(RunStatus.ABORTED, r.status());
    assertTrue(r.iterations().isEmpty());
    assertFalse(f.stdout().contains("SUT: "), "no server was started or reached: " + f.stdout());
    return f;
  }

  /** A small hbase run with these binding properties, its run folder under work/results. */
  private static KitProcess.Finished runHBase(Path work, String properties) throws Exception {
    Path props = Files.writeString(work.resolve("hbase.properties"), properties);
    return KitProcess.run(work, 3, "-p", "1", "-k", "10", "--binding-properties", props.toString(), "--results",
        work.resolve("results").toString());
  }

  /** Exactly these lines on stderr, and no stack trace. */
  private static void assertLines(KitProcess.Finished f, int exitCode, String... expected) {
    assertEquals(exitCode, f.exitCode(), f.stderr());
    assertEquals(List.of(expected), f.stderr().strip().lines().toList());
    assertFalse(f.stdout().contains("\tat "), "no stack trace on stdout");
  }

  private static void assertOneLine(KitProcess.Finished f, int exitCode, String expected) {
    assertEquals(exitCode, f.exitCode(), f.stderr());
    String err = f.stderr().strip();
    assertEquals(1, err.lines().count(), "one line on stderr, got:\n" + err);
    assertTrue(err.contains(expected), "expected '" + expected + "' in: " + err);
    assertFalse(err.contains("Exception") || err.contains("\tat "), "no stack trace: " + err);
    assertFalse(f.stdout().contains("\tat "), "no stack trace on stdout");
  }
}
