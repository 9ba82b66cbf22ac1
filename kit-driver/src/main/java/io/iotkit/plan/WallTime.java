package io.iotkit.plan;

import io.iotkit.model.RunPlan;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The expected wall time of a whole run at the planned K, as the sum of what a run does (PROTOCOL.md §4): file check,
 * SUT start, then 2 iterations of prepare, warmup and measured execution (each K kvps) and data check, one system
 * cleanup (purge, restart) between them, SUT stop. Every step's figure is a time the calibration measured, scaled
 * where it depends on the readings stored.
 */
public final class WallTime {
  static final int ITERATIONS = 2;
  /** Warmup and measured run in each iteration. */
  static final int EXECUTIONS = ITERATIONS * DiskNeed.EXECUTIONS_PER_ITERATION;

  /** How the run's cleanup restarts the SUT, and so whether the plan could time it. */
  public enum Restart {
    /** The kit restarts its local server: a stop and a start, both measured. */
    LOCAL,
    /** The sponsor's sut.restart.command restarts it; the plan does not run it. */
    COMMAND,
    /** No restart command is configured: the run restarts nothing (and its cleanup check fails). */
    NONE
  }

  private WallTime() {
  }

  public static RunPlan.WallTime of(RunPlan.Measured m, RunPlan.Execution calibration, RunPlan.Kvps k,
                                    Restart restart) {
    if (m.written() < 1) {
      throw new IllegalArgumentException("no readings written, nothing to scale from");
    }
    List<RunPlan.Step> steps = new ArrayList<>();
    List<String> notIncluded = new ArrayList<>();
    steps.add(new RunPlan.Step("file check", m.fileCheckSeconds(), "measured"));
    steps.add(new RunPlan.Step("SUT start", m.sutStartSeconds(), restart == Restart.LOCAL
        ? "measured: the local server started until it served" : "measured: connecting to the SUT"));
    steps.add(new RunPlan.Step("prepare", ITERATIONS * m.prepareSeconds(),
        fmt("%d iterations x %.1f s measured", ITERATIONS, m.prepareSeconds())));
    double overhead = Math.max(0, calibration.wallSeconds() - calibration.elapsedSeconds());
    steps.add(new RunPlan.Step("instance start-up and end", EXECUTIONS * overhead,
        fmt("%d executions x %.1f s (the calibration execution's %.1f s wall time - %.1f s TS_start..TS_end)",
            EXECUTIONS, overhead, calibration.wallSeconds(), calibration.elapsedSeconds())));
    steps.add(new RunPlan.Step("workload executions", EXECUTIONS * k.executionSeconds(),
        fmt("%d executions x K / rate = %d x %,d / %,.1f IoTps", EXECUTIONS, EXECUTIONS, k.kvps(), k.iotps())));
    long stored = DiskNeed.EXECUTIONS_PER_ITERATION * k.kvps();
    double scale = (double) stored / m.written();
    steps.add(dataChecks(m, stored));
    steps.add(new RunPlan.Step("cleanup: purge", m.purgeSeconds() * scale,
        fmt("%.2f s (the purge of %,d readings, measured) x %,d / %,d readings, in proportion (too"
            + " much for a store that drops a table in one step)", m.purgeSeconds(),
            m.written(), stored, m.written())));
    switch (restart) {
      case LOCAL -> {
        double stop = m.sutStopSeconds() == null ? 0 : m.sutStopSeconds();
        steps.add(new RunPlan.Step("cleanup: SUT restart", stop + m.sutStartSeconds(),
            fmt("stop %.1f s + start %.1f s, both measured", stop, m.sutStartSeconds())));
        steps.add(new RunPlan.Step("SUT stop", stop, "measured"));
      }
      case COMMAND -> notIncluded.add("the cleanup's SUT restart (sut.restart.command, which the plan does not run)");
      case NONE -> notIncluded.add("a SUT restart: no sut.restart.command is configured, so the run restarts"
          + " nothing (and its cleanup check fails)");
    }
    notIncluded.add("writing the reports at the end");
    double total = steps.stream().mapToDouble(RunPlan.Step::seconds).sum();
    return new RunPlan.WallTime(steps, total, notIncluded);
  }

  /**
   * The data checks of both iterations, each a count of 2 x K readings. With counts at two sizes (after the probe
   * and after the calibration) the count's time is a fixed part plus a part per reading; otherwise the later count is
   * scaled in proportion, which is too much where part of its cost is fixed.
   */
  static RunPlan.Step dataChecks(RunPlan.Measured m, long stored) {
    long n1 = m.probeCounted();
    long n2 = m.stored() > 0 ? m.stored() : m.written();
    double t1 = m.probeCountSeconds();
    double t2 = m.countSeconds();
    if (n1 > 0 && n2 > n1 && t2 > t1) {
      double perReading = (t2 - t1) / (n2 - n1);
      double fixed = Math.max(0, t1 - perReading * n1);
      double each = fixed + perReading * stored;
      return new RunPlan.Step("data checks", ITERATIONS * each, fmt("%d iterations x (%.2f s + %.3f µs x %,d"
              + " readings (2 x K)); counts of %,d readings in %.2f s and of %,d in %.2f s, measured, give the fixed"
              + " part and the part per reading", ITERATIONS, fixed, perReading * 1e6, stored, n1, t1, n2, t2));
    }
    double scale = (double) stored / m.written();
    return new RunPlan.Step("data checks", ITERATIONS * t2 * scale, fmt("%d iterations x %.2f s (the count of %,d"
        + " readings, measured) x %,d / %,d readings (2 x K), in proportion (too much where part of a count's cost"
        + " is fixed)", ITERATIONS, t2, m.written(), stored, m.written()));
  }

  private static String fmt(String format, Object... args) {
    return String.format(Locale.ROOT, format, args);
  }
}
