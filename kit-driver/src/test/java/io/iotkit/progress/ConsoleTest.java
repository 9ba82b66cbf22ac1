package io.iotkit.progress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class ConsoleTest {
  private static final long S = 1_000_000L;

  private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
  private final PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);

  private String printed() {
    return bytes.toString(StandardCharsets.UTF_8);
  }

  private static Histogram queries(long... micros) {
    Histogram h = new Histogram(3);
    for (long m : micros) {
      h.recordValue(m);
    }
    return h;
  }

  // Two instances of 1,000 kvps each; at 10 s instance 0 has 800 and instance 1 200 acknowledged.
  private static PhaseProgress halfway() {
    PhaseProgress p = new PhaseProgress("iteration 1 measured", new long[] {1_000, 1_000});
    p.begin(0);
    p.snapshot(5 * S); // nothing yet at 5 s
    p.update(0, 800, queries(2_000, 3_000));
    p.update(1, 200, queries(40_000));
    return p;
  }

  @Test
  void aSnapshotSaysWhereTheExecutionStands() {
    ProgressSnapshot s = halfway().snapshot(10 * S);
    assertEquals(1_000, s.done());
    assertEquals(2_000, s.total());
    assertEquals(0.5, s.fraction(), 1e-9);
    assertEquals(100, s.averageIotps(), 1e-9); // 1,000 kvps in 10 s
    assertEquals(200, s.currentIotps(), 1e-9); // 1,000 kvps between 5 s and 10 s
    assertEquals(5, s.etaSeconds(), 1e-9); // 1,000 left at 200 per second
    assertEquals(1, s.slowestInstance());
    assertEquals(0.2, s.slowestFraction(), 1e-9);
    assertEquals(40.0, s.queryP99Ms(), 0.1); // p99 of {2, 3, 40} ms
  }

  @Test
  void beforeAnyQueryTheP99AndEtaAreUnknown() {
    PhaseProgress p = new PhaseProgress("iteration 1 warmup", new long[] {10});
    p.begin(0);
    ProgressSnapshot s = p.snapshot(S);
    assertTrue(s.queryP99Ms() < 0);
    assertTrue(s.etaSeconds() < 0);
    assertTrue(ProgressFormat.describe(s).contains("ETA ? | query p99 -"), ProgressFormat.describe(s));
  }

  @Test
  void plainModePrintsOneLineEveryIntervalAndNoControlCharacters() {
    AtomicLong nanos = new AtomicLong();
    PlainConsole console = new PlainConsole(out, 10, nanos::get);
    PhaseProgress p = halfway();
    for (int t = 0; t <= 40; t++) { // offered 4 times a second for 10 s
      nanos.set(t * 250_000_000L);
      console.progress(p.snapshot(10 * S));
    }
    console.line("iteration 1: measured run done");
    List<String> lines = printed().lines().toList();
    assertEquals(2, lines.size(), printed()); // one progress line at 10 s, then the story line
    assertTrue(lines.get(0).startsWith("  iteration 1 measured  50% 1,000/2,000 kvps"), lines.get(0));
    assertTrue(lines.get(0).contains("ETA 0:05"), lines.get(0));
    assertTrue(lines.get(0).contains("slowest: instance 1 at 20%"), lines.get(0));
    assertEquals("iteration 1: measured run done", lines.get(1));
    assertFalse(printed().contains("\r") || printed().contains("\033"), "control characters in plain output");
  }

  @Test
  void terminalModeRedrawsOneStatusLineInPlace() {
    TerminalConsole console = new TerminalConsole(out, 200);
    PhaseProgress p = halfway();
    console.progress(p.snapshot(10 * S));
    console.progress(p.snapshot(11 * S));
    console.line("  [PASS] a check");
    console.progressDone();
    String s = printed();
    // every redraw starts by returning to column 0 and erasing the line; nothing scrolls but the story line
    assertEquals(1, s.chars().filter(c -> c == '\n').count(), s);
    assertTrue(s.startsWith(TerminalConsole.CLEAR_LINE + "[############............] iteration 1 measured"), s);
    assertTrue(s.contains(TerminalConsole.CLEAR_LINE + "  [PASS] a check\n"), s);
    assertTrue(s.endsWith(TerminalConsole.CLEAR_LINE), "the status line is cleared when the execution ends");
  }

  @Test
  void aStatusLineNeverWrapsOnANarrowTerminal() {
    TerminalConsole console = new TerminalConsole(out, 50);
    console.progress(halfway().snapshot(10 * S));
    String status = printed().substring(TerminalConsole.CLEAR_LINE.length());
    assertEquals(49, status.length());
  }

  @Test
  void quietPrintsNothing() {
    RunConsole quiet = RunConsole.choose(true, true, 10, out);
    quiet.line("x");
    quiet.progress(halfway().snapshot(10 * S));
    assertEquals("", printed());
  }

  @Test
  void durations() {
    assertEquals("0:05", ProgressFormat.duration(5));
    assertEquals("2:05", ProgressFormat.duration(125));
    assertEquals("1:00:01", ProgressFormat.duration(3601));
    assertEquals("?", ProgressFormat.duration(-1));
  }
}
