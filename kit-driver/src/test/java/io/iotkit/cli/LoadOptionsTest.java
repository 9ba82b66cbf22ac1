package io.iotkit.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** --kvp-bytes, --arrivals and the read-only execution's options: defaults, and bad values as one line and exit 2 before anything starts. */
class LoadOptionsTest {
  @TempDir
  Path kit;

  /** Runs the command line and returns its exit code and what it wrote to stderr. */
  private String[] run(String... args) {
    PrintStream err = System.err;
    ByteArrayOutputStream captured = new ByteArrayOutputStream();
    System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
    int code;
    try {
      String[] all = new String[args.length + 2];
      all[0] = "--kit-home";
      all[1] = kit.toString();
      System.arraycopy(args, 0, all, 2, args.length);
      code = Main.execute(all);
    } finally {
      System.setErr(err);
    }
    return new String[] {Integer.toString(code), captured.toString(StandardCharsets.UTF_8)};
  }

  private void assertBadInput(String expected, String... args) {
    String[] r = run(args);
    assertEquals("2", r[0], r[1]);
    assertEquals(1, r[1].lines().count(), "one line: " + r[1]);
    assertTrue(r[1].contains(expected), r[1]);
    assertFalse(r[1].contains("Exception"), r[1]);
  }

  @Test
  void defaultsAreACompliantRunsLoad() {
    RunCommand run = new RunCommand();
    new CommandLine(run).parseArgs("-b", "null");
    assertEquals("1024", run.kvpBytes);
    assertNull(run.arrivals, "not given: fixed, and allowed without --rate");
    run = new RunCommand();
    new CommandLine(run).parseArgs("-b", "null", "--kvp-bytes", "10240", "--rate", "1000", "--arrivals", "gaussian");
    assertEquals("10240", run.kvpBytes);
    assertEquals("gaussian", run.arrivals);
  }

  @Test
  void kvpSizesOutsideTheRangeAreBadInput() {
    assertBadInput("tpcx-iot.sh: --kvp-bytes must be between 79 (the longest key, value and unit a reading has;"
        + " only the padding is resized) and 10240 (it was 64)", "-b", "null", "-p", "1", "-k", "10",
        "--kvp-bytes", "64");
    assertBadInput("(it was 10241)", "-b", "null", "-p", "1", "-k", "10", "--kvp-bytes", "10241");
    assertBadInput("(it was 0)", "-b", "null", "-p", "1", "-k", "10", "--kvp-bytes", "0");
    assertBadInput("'1k'", "-b", "null", "-p", "1", "-k", "10", "--kvp-bytes", "1k");
    assertBadInput("(it was 19-116)", "-b", "null", "-p", "1", "-k", "10", "--kvp-bytes", "19-116");
    assertBadInput("--kvp-bytes must be B or MIN-MAX with MIN ≤ MAX (it was 116-80)", "-b", "null", "-p", "1", "-k",
        "10", "--kvp-bytes", "116-80");
  }

  @Test
  void arrivalsWithoutARateOrOfAnUnknownKindAreBadInput() {
    assertBadInput("--arrivals goes with --rate", "-b", "null", "-p", "1", "-k", "10", "--arrivals", "gaussian");
    assertBadInput("--arrivals goes with --rate", "-b", "null", "-p", "1", "-k", "10", "--arrivals", "fixed");
    assertBadInput("--arrivals must be fixed, gaussian or burst:N/Tms", "-b", "null", "-p", "1", "-k", "10",
        "--rate", "1000", "--arrivals", "poisson");
    assertBadInput("it was 'burst:0/950ms'", "-b", "null", "-p", "1", "-k", "10", "--arrivals", "burst:0/950ms");
    assertBadInput("--arrivals burst:10/950ms sets the rate itself", "-b", "null", "-p", "1", "-k", "10",
        "--rate", "1000", "--arrivals", "burst:10/950ms");
  }

  @Test
  void aReadOnlyExecutionNeedsARateATimeAndQueries() {
    assertBadInput("--queries-per-second must be at least 1 (it was 0)", "-b", "null", "-p", "1", "-k", "10",
        "--queries-per-second", "0");
    assertBadInput("--query-seconds must be between 1 and 86400 (it was 0)", "-b", "null", "-p", "1", "-k", "10",
        "--queries-per-second", "3", "--query-seconds", "0");
    assertBadInput("--query-seconds goes with --queries-per-second", "-b", "null", "-p", "1", "-k", "10",
        "--query-seconds", "30");
    assertBadInput("--queries-per-second asks dashboard queries, which --no-queries turns off", "-b", "null", "-p",
        "1", "-k", "10", "--queries-per-second", "3", "--no-queries");
  }
}
