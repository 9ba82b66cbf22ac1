package io.iotkit.report;

import io.iotkit.model.ByteSize;
import io.iotkit.model.RunPlan;
import io.iotkit.model.WorkloadSpec;
import java.util.Locale;

/** A run plan ({@code tpcx-iot.sh plan}) as text, rendered from its {@link RunPlan} alone (plan.json). */
public final class PlanReport {
  private final StringBuilder sb = new StringBuilder();

  private PlanReport() {
  }

  public static String render(RunPlan p) {
    return new PlanReport().write(p).sb.toString();
  }

  private PlanReport write(RunPlan p) {
    RunPlan.Inputs in = p.inputs();
    line("IoT gateway benchmark kit %s - run plan %s", p.kitVersion(), p.planId());
    line("SUT: %s (binding %s)", p.sut(), in.binding());
    line("P = %d substations, %d insert threads per instance; calibration of about %.0f s, margin %s%%",
        in.substations(), in.threads(), in.calibrationSeconds(), num(in.marginPercent()));

    section("Calibration (not a result: what it wrote was purged)");
    line("  %-14s %14s %14s %10s %12s %10s", "", "kvps", "acknowledged", "elapsed s", "IoTps", "wall s");
    p.executions().forEach(this::execution);
    RunPlan.Measured m = p.measured();
    line("  readings stored after the probe: %,d (counted in %.2f s); after the calibration: %,d of %,d acknowledged"
        + " (counted in %.2f s)", m.probeCounted(), m.probeCountSeconds(), m.stored(), m.written(), m.countSeconds());
    line("  left after the purge: %,d (purged in %.2f s)", m.leftAfterPurge(), m.purgeSeconds());
    double perSensor = p.calibration().iotps() / (in.substations() * (double) WorkloadSpec.SENSORS_PER_SUBSTATION);
    line("  per-sensor rate: %,.1f IoTps / (%d x %d sensors) = %.2f kvps/s (a compliant run needs >= 20)",
        p.calibration().iotps(), in.substations(), WorkloadSpec.SENSORS_PER_SUBSTATION, perSensor);
    line("  replication factor: %d (%s)", p.replicationFactor(), p.replicationSource());

    RunPlan.Kvps k = p.kvps();
    section("K: each execution at least %.0f s, with a margin of %s%%", k.minimumSeconds(), num(k.marginPercent()));
    line("  calibration rate: %,.1f IoTps (%,d kvps / %.3f s, TS_start..TS_end of the calibration execution)",
        k.iotps(), p.calibration().acknowledged(), p.calibration().elapsedSeconds());
    line("  K >= rate x %.0f s x (1 + %s%%) = %,.1f x %,.0f s = %,d kvps", k.minimumSeconds(),
        num(k.marginPercent()), k.iotps(), k.targetSeconds(), k.minimumKvps());
    line("  rounded up to a multiple of P x 1,000 = %,d", k.step());
    line("  K: %,d", k.kvps());
    line("  one execution at the calibration rate: %,d / %,.1f = %,.0f s (%s)", k.kvps(), k.iotps(),
        k.executionSeconds(), duration(k.executionSeconds()));

    RunPlan.WallTime w = p.wallTime();
    section("Expected wall time of the run: %s (%,.0f s)", duration(w.totalSeconds()), w.totalSeconds());
    line("  2 iterations of warmup + measured run (K kvps each) and data check, a system cleanup between them:");
    for (RunPlan.Step s : w.steps()) {
      line("  %-28s %10s  %s", s.what(), String.format(Locale.ROOT, "%,.1f s", s.seconds()), s.derivation());
    }
    for (String n : w.notIncluded()) {
      line("  not included: %s", n);
    }

    RunPlan.Disk d = p.disk();
    section("SUT disk for one iteration's readings (warmup + measured, stored until the cleanup)");
    line("  per reading: %,.0f B, %s", d.bytesPerKvp(), d.derivation());
    line("  needed: 2 x K = %,d readings x %,.0f B = %s", d.iterationKvps(), d.bytesPerKvp(),
        ByteSize.binary(d.iterationBytes()));
    if (d.freeBytes() != null) {
      line("  free: %s on the filesystem of %s%s", ByteSize.binary(d.freeBytes()), d.filesystem(),
          Boolean.TRUE.equals(d.fits()) ? " (fits)" : "");
      if (Boolean.FALSE.equals(d.fits())) {
        line("  WARNING: one iteration's readings do not fit: %s needed, %s free", ByteSize.binary(d.iterationBytes()),
            ByteSize.binary(d.freeBytes()));
      }
    }

    RunPlan.Fit f = p.fit();
    section("A compliant run's rate on this SUT and disk: %s", window(f));
    for (String step : f.derivation()) {
      line("  %s", step);
    }

    if (!p.warnings().isEmpty()) {
      section("Before a compliant run");
      for (String warning : p.warnings()) {
        line("  - %s", warning);
      }
    }
    switch (f.verdict()) {
      case "fits", "unknown" -> {
        section("Run it with");
        line("  %s", p.command());
      }
      case "confine" -> {
        section("Next: plan again under --sut-cpus %s, which measures the rate there", num(f.proposedCpus()));
        line("  %s", f.next());
        line("  (the run at this calibration's rate, which does not fit: %s)", p.command());
      }
      default -> {
        section("No compliant run fits as planned; the run at this calibration's rate would be");
        line("  %s", p.command());
      }
    }
    return this;
  }

  /** e.g. "4,400 to 5,900 IoTps; the calibration's rate fits". */
  private static String window(RunPlan.Fit f) {
    String range = f.highIotps() == null ? String.format(Locale.ROOT, "at least %,.0f IoTps", f.lowIotps())
        : String.format(Locale.ROOT, "%,.0f to %,.0f IoTps", f.lowIotps(), f.highIotps());
    String verdict = switch (f.verdict()) {
      case "fits" -> "the calibration's rate fits";
      case "confine" -> "the calibration's rate is above it; confine the local server";
      case "too-fast" -> "the calibration's rate is above it";
      case "too-slow" -> "the calibration's rate is below it";
      case "no-window" -> "no rate fits";
      default -> "the calibration's rate is above the floor; the disk was not checked";
    };
    return range + "; " + verdict;
  }

  private void execution(RunPlan.Execution e) {
    line("  %-14s %,14d %,14d %10.1f %,12.1f %10.1f", e.name().replace("calibration probe", "probe"),
        e.targetKvps(), e.acknowledged(), e.elapsedSeconds(), e.iotps(), e.wallSeconds());
  }

  /** e.g. "2 h 27 min", "4 min 10 s", "12 s". */
  static String duration(double seconds) {
    long s = Math.round(seconds);
    if (s >= 3600) {
      return String.format(Locale.ROOT, "%d h %02d min", s / 3600, s % 3600 / 60);
    }
    if (s >= 60) {
      return String.format(Locale.ROOT, "%d min %02d s", s / 60, s % 60);
    }
    return String.format(Locale.ROOT, "%d s", s);
  }

  private static String num(double v) {
    return v == Math.rint(v) ? String.format(Locale.ROOT, "%.0f", v) : String.format(Locale.ROOT, "%s", v);
  }

  private void section(String format, Object... args) {
    sb.append('\n').append(String.format(Locale.ROOT, format, args)).append('\n');
  }

  private void line(String format, Object... args) {
    sb.append(String.format(Locale.ROOT, format, args)).append('\n');
  }
}
