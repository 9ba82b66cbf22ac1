package io.iotkit.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iotkit.model.Json;
import io.iotkit.model.RunPlan;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code tpcx-iot.sh plan}: a calibration against the SUT, then K, the run's wall time and the SUT's disk. */
class PlanIT {
  private static final Pattern RATE = Pattern.compile("calibration rate: ([0-9,]+\\.[0-9]) IoTps");
  private static final Pattern K = Pattern.compile("\n  K: ([0-9,]+)\n");

  private static double number(Pattern p, String text) {
    Matcher m = p.matcher(text);
    assertTrue(m.find(), "no " + p + " in:\n" + text);
    return Double.parseDouble(m.group(1).replace(",", ""));
  }

  static RunPlan plan(Path work) throws Exception {
    Path dir = KitProcess.onlyRunDir(work.resolve("results"));
    assertFalse(Files.exists(dir.resolve("INCOMPLETE")), "the plan folder is whole");
    return Json.read(dir.resolve("plan.json"), RunPlan.class);
  }

  /** The sink: no server; the printed K is the smallest round K lasting 1800 s x 1.2 at the printed rate. */
  @Test
  void thePrintedKLastsTheTargetAtThePrintedRate(@TempDir Path work) throws Exception {
    KitProcess.Finished f = KitProcess.run(work, 3, "plan", "-b", "null", "-p", "2", "--calibration-seconds", "5",
        "--results", work.resolve("results").toString());
    assertEquals(0, f.exitCode(), f.stderr());
    double rate = number(RATE, f.stdout());
    long k = (long) number(K, f.stdout());
    // the rate is printed to 0.1 kvps/s: allow for its rounding either way
    assertTrue(k >= (rate - 0.05) * 1800 * 1.2, "K " + k + " at " + rate + " IoTps lasts under 2160 s");
    assertTrue(k < (rate + 0.05) * 1800 * 1.2 + 2_000, "K " + k + " is more than one step of P x 1,000 too big");
    assertEquals(0, k % 2_000, "a multiple of P x 1,000");
    assertTrue(f.stdout().contains("bin/tpcx-iot.sh -b null -p 2 -k " + k), f.stdout());

    RunPlan p = plan(work);
    assertEquals(k, p.kvps().kvps());
    assertEquals(rate, p.kvps().iotps(), 0.05);
    assertEquals(p.calibration().acknowledged() / p.calibration().elapsedSeconds(), p.calibration().iotps(), 1e-6);
    assertEquals(p.calibration(), p.executions().get(p.executions().size() - 1));
    assertEquals("calibration probe", p.executions().get(0).name());
    assertEquals(40_000, p.executions().get(0).targetKvps(), "P x 20,000");
    assertTrue(p.wallTime().totalSeconds() >= 4 * k / p.kvps().iotps(), "four executions at least");
    assertFalse(p.wallTime().steps().isEmpty());
    assertEquals("estimated", p.disk().method(), "nothing of a sink to measure");
    assertEquals(0, p.disk().bytesPerKvp(), "a sink keeps no copy");
    assertEquals(2 * k, p.disk().iterationKvps());
    assertTrue(p.command().contains("-k " + k));
    assertTrue(p.warnings().stream().anyMatch(w -> w.contains("replication factor 0")), p.warnings().toString());
  }

  @Test
  void badInputIsOneLineAndExit2(@TempDir Path work) throws Exception {
    String[][] bad = {
        {"plan", "-b", "null", "--margin", "-1"},
        {"plan", "-b", "null", "-p", "0"},
        {"plan", "-b", "nosuch"},
        {"plan", "-b", "null", "--calibration-seconds", "0"},
    };
    for (String[] args : bad) {
      KitProcess.Finished f = KitProcess.run(work, 2, args);
      assertEquals(2, f.exitCode(), String.join(" ", args) + ": " + f.stderr());
      assertEquals(1, f.stderr().strip().lines().count(), "one line: " + f.stderr());
      assertFalse(f.stderr().contains("\tat "), f.stderr());
    }
  }
}
