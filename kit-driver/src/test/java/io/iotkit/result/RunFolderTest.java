package io.iotkit.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunFolderTest {
  @TempDir
  Path root;

  @Test
  void aNewFolderIsIncompleteUntilMarkedComplete() throws Exception {
    RunFolder f = RunFolder.create(root);
    assertFalse(f.complete());
    assertTrue(Files.exists(f.file(RunFolder.INCOMPLETE)));
    f.writeAtomically("result.json", "{}");
    assertFalse(f.complete());
    f.markComplete();
    assertTrue(f.complete());
    RunFolder second = RunFolder.create(root); // same second: a new name, never the same folder
    assertFalse(second.dir().equals(f.dir()));
  }

  @Test
  void runsCreatedAtOnceEachGetAFolderOfTheirOwn() throws Exception {
    // Many rounds of many runs released together, so a check-then-create race would show (it did, before).
    int runs = 16;
    ExecutorService pool = Executors.newFixedThreadPool(runs);
    try {
      for (int round = 0; round < 20; round++) {
        Path results = root.resolve("round-" + round);
        CyclicBarrier together = new CyclicBarrier(runs);
        List<Future<Path>> made = new ArrayList<>();
        for (int i = 0; i < runs; i++) {
          made.add(pool.submit(() -> {
            together.await();
            return RunFolder.create(results).dir();
          }));
        }
        Set<Path> dirs = new HashSet<>();
        for (Future<Path> f : made) {
          dirs.add(f.get());
        }
        assertEquals(runs, dirs.size(), "two runs got one folder: " + dirs);
      }
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void atomicWritesLeaveNoTemporaryFiles() throws Exception {
    RunFolder f = RunFolder.create(root);
    f.writeAtomically("histograms/a.hlog", "one");
    f.writeAtomically("histograms/a.hlog", "two");
    assertEquals("two", Files.readString(f.file("histograms/a.hlog")));
    try (var files = Files.list(f.file("histograms"))) {
      assertEquals(List.of("a.hlog"), files.map(p -> p.getFileName().toString()).toList());
    }
  }

  @Test
  void secretsAreRedactedEverythingElseKept() throws Exception {
    String props = """
        # the SUT
        mysql.host=db1.example
        mysql.user = kit
        mysql.password = s3cret!
        kafka.sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required \\
            username="kit" password="hunter2";
        kafka.ssl.truststore.password: tspass
        mqtt.tls.key.password hide-me
        mysql.batch.size=100
        """;
    String out = RunFolder.redacted(props);
    for (String secret : List.of("s3cret!", "hunter2", "tspass", "hide-me")) {
      assertFalse(out.contains(secret), "leaked " + secret + " in:\n" + out);
    }
    assertTrue(out.contains("# the SUT\n"));
    assertTrue(out.contains("mysql.host=db1.example\n"));
    assertTrue(out.contains("mysql.user = kit\n"));
    assertTrue(out.contains("mysql.password=" + io.iotkit.binding.SecretNames.REDACTED + "\n"));
    assertTrue(out.contains("kafka.sasl.jaas.config=" + io.iotkit.binding.SecretNames.REDACTED + "\n"));
    assertTrue(out.contains("mysql.batch.size=100\n"));
  }

  @Test
  void theConfigurationIsKeptRedacted() throws Exception {
    Path props = Files.writeString(root.resolve("b.properties"), "kafka.ssl.keystore.password=topsecret\nx=1\n");
    Path pricing = Files.writeString(root.resolve("p.json"), "{\"currency\":\"USD\"}");
    RunFolder f = RunFolder.create(root.resolve("results"));
    List<Path> kept = f.keepConfiguration(props, pricing, null, null);
    assertEquals(2, kept.size());
    assertFalse(Files.readString(f.file("config/binding.properties")).contains("topsecret"));
    assertEquals("{\"currency\":\"USD\"}", Files.readString(f.file("config/pricing.json")));
  }
}
