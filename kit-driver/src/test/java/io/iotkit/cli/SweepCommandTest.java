package io.iotkit.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The sweep's bad input: one line on stderr, exit 2, and nothing run. */
class SweepCommandTest {
  /** Runs the command line; returns the exit code and what went to stderr. */
  private static String[] run(String... args) {
    PrintStream err = System.err;
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    System.setErr(new PrintStream(bytes, true, StandardCharsets.UTF_8));
    try {
      int code = Main.execute(args);
      return new String[] {Integer.toString(code), bytes.toString(StandardCharsets.UTF_8)};
    } finally {
      System.setErr(err);
    }
  }

  @Test
  void twoSweptListsAreBadInput(@TempDir Path dir) {
    String[] r = run("sweep", "-p", "1,2", "--threads", "5,10", "-k", "1000", "--study", dir.resolve("s").toString());
    assertEquals("2", r[0]);
    assertEquals("tpcx-iot.sh: a study sweeps one parameter, but -p and --threads both list several values: give all"
        + " but one of them a single value\n", r[1]);
    assertFalse(Files.exists(dir.resolve("s")), "no study folder for bad input");
  }

  @Test
  void aRateSearchWithoutItsLimitOrALimitWithoutTheSearchIsBadInput(@TempDir Path dir) {
    String study = dir.resolve("s").toString();
    String[] r = run("sweep", "-b", "null", "-k", "1000", "--find-rate", "--study", study);
    assertEquals("2", r[0]);
    assertEquals("tpcx-iot.sh: --find-rate needs --ingest-p99-limit TIME, e.g. 250ms: the latency a probe's ingest p99"
        + " must stay within\n", r[1]);
    r = run("sweep", "-p", "1,2", "-k", "1000", "--ingest-p99-limit", "250ms", "--study", study);
    assertEquals("tpcx-iot.sh: --ingest-p99-limit goes with --find-rate, the search it limits\n", r[1]);
    r = run("sweep", "-k", "1000", "--find-rate", "--ingest-p99-limit", "quick", "--study", study);
    assertEquals("tpcx-iot.sh: --ingest-p99-limit takes a time such as 250ms or 1s, not 'quick'\n", r[1]);
    assertFalse(Files.exists(dir.resolve("s")), "no study folder for bad input");
    assertEquals(250, SweepCommand.milliseconds("250ms"));
    assertEquals(1500, SweepCommand.milliseconds("1.5s"));
    assertEquals(80, SweepCommand.milliseconds("80"));
  }

  @Test
  void anExistingStudyWithOtherOptionsIsBadInput(@TempDir Path dir) throws Exception {
    Path study = dir.resolve("s");
    Files.createDirectories(study);
    io.iotkit.study.Study.openOrCreate(study, new io.iotkit.study.StudySpec(java.util.List.of("null"),
        java.util.List.of("1", "2"), null, null, null, null, 1000L, null, null, null, null, null, false, null, null,
        null).validated(),
        "0.1.0");
    Path launcher = Files.createDirectories(dir.resolve("bin")).resolve("tpcx-iot.sh");
    Files.writeString(launcher, "#!/bin/sh\nexit 9\n"); // must not be started
    launcher.toFile().setExecutable(true);
    String[] r = run("sweep", "-b", "null", "-p", "1,2,4", "-k", "1000", "--study", study.toString(),
        "--kit-home", dir.toString());
    assertEquals("2", r[0], r[1]);
    assertTrue(r[1].startsWith("tpcx-iot.sh: study " + study + " was made with other options (-b null -p 1,2 -k"
        + " 1000)"), r[1]);
    assertEquals(1, r[1].lines().count());
  }

  @Test
  void compareOfAStudyAndARunIsBadInput(@TempDir Path dir) throws Exception {
    Path study = dir.resolve("s");
    Files.createDirectories(study);
    io.iotkit.study.Study.openOrCreate(study, new io.iotkit.study.StudySpec(java.util.List.of("null"),
        java.util.List.of("1", "2"), null, null, null, null, 1000L, null, null, null, null, null, false, null, null,
        null).validated(),
        "0.1.0");
    Path run = Files.createDirectories(dir.resolve("run"));
    String[] r = run("compare", study.toString(), run.toString(), "-o", dir.resolve("c.html").toString());
    assertEquals("2", r[0], r[1]);
    assertTrue(r[1].startsWith("tpcx-iot.sh: compare takes run folders or study folders, not both"), r[1]);
  }
}
