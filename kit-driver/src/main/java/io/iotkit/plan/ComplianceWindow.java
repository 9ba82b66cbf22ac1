package io.iotkit.plan;

import io.iotkit.check.ExecutionRules;
import io.iotkit.model.ByteSize;
import io.iotkit.model.RunPlan;
import io.iotkit.model.WorkloadSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Where a compliant run's rate must lie on this SUT and disk, and what brings the calibration's rate there. A
 * compliant run is unpaced, so the store's own speed sets K; a fast store on a small disk then needs more disk than
 * it has, and the one honest way to slow it is to give it less machine: {@code --sut-cpus}, which the plan proposes
 * from the server's measured CPU, to be confirmed by a plan under that limit.
 */
public final class ComplianceWindow {
  /** The proposed CPU limit is rounded down to a multiple of this. */
  static final double CPU_STEP = 0.05;

  private ComplianceWindow() {
  }

  /**
   * @param iotps         the calibration's rate
   * @param disk          the disk the SUT needs for an iteration at the plan's K, with the bytes per reading
   * @param local         whether the kit started the SUT (only then can it confine it)
   * @param sutCpuSeconds the local server's CPU seconds per second in the calibration execution, or null
   * @param runCommand    the run's command at the calibration's rate
   * @param results       the results folder as given to the plan, or null
   */
  public static RunPlan.Fit of(RunPlan.Inputs in, double iotps, RunPlan.Disk disk, boolean local, Double sutCpuSeconds,
                               String runCommand, String results) {
    double margin = in.marginPercent() / 100;
    double floor = ExecutionRules.MIN_KVPS_PER_SENSOR_SECOND * WorkloadSpec.SENSORS_PER_SUBSTATION * in.substations();
    double low = floor * (1 + margin);
    List<String> how = new ArrayList<>();
    how.add(fmt("lower edge: %.0f kvps/s per sensor x %d sensors x P %d = %,.0f IoTps, x (1 + %s%%) so that a rate"
            + " that falls by the margin still passes = %,.0f IoTps", ExecutionRules.MIN_KVPS_PER_SENSOR_SECOND,
        WorkloadSpec.SENSORS_PER_SUBSTATION, in.substations(), floor, RunCommandLine.number(in.marginPercent()), low));
    Double high = null;
    if (disk.freeBytes() != null && disk.bytesPerKvp() > 0) {
      double seconds = ExecutionRules.MIN_ELAPSED_SECONDS * (1 + margin);
      high = disk.freeBytes() / (DiskNeed.EXECUTIONS_PER_ITERATION * seconds * disk.bytesPerKvp());
      how.add(fmt("upper edge: %s free / (2 executions x %,.0f s x %,.0f B per reading) = %,.0f IoTps: at a higher"
              + " rate, K for executions of %,.0f s holds more than the free disk", ByteSize.binary(disk.freeBytes()),
          seconds, disk.bytesPerKvp(), high, seconds));
    } else {
      how.add("upper edge: not known, since the kit cannot see the free disk of a SUT it did not start");
    }
    how.add(fmt("the calibration's rate: %,.1f IoTps%s", iotps, in.sutCpus() > 0
        ? fmt(", with the local server confined to %s CPUs", RunCommandLine.number(in.sutCpus())) : ""));
    if (sutCpuSeconds != null) {
      how.add(fmt("the local server's CPU in the calibration execution: %.2f s/s, all its processes together",
          sutCpuSeconds));
    }

    if (high != null && low > high) {
      how.add("no rate fits: the floor is above what the disk holds at this P; free more disk, or use a smaller P"
          + (in.substations() > 1 ? "" : " (P is 1 already)"));
      return new RunPlan.Fit("no-window", low, high, null, sutCpuSeconds, null, how, null);
    }
    if (iotps < low) {
      how.add(iotps < floor ? "the rate is below the floor: use fewer substations or a faster SUT"
          : "the rate is above the floor but within the margin of it: a run may fall below the floor; use fewer"
              + " substations, a faster SUT, or a smaller --margin if the rate holds steady");
      return new RunPlan.Fit("too-slow", low, high, null, sutCpuSeconds, null, how, null);
    }
    if (high == null) {
      return new RunPlan.Fit("unknown", low, null, null, sutCpuSeconds, null, how, runCommand);
    }
    if (iotps <= high) {
      how.add("the rate is in the window: the run below fits");
      return new RunPlan.Fit("fits", low, high, null, sutCpuSeconds, null, how, runCommand);
    }
    double target = (low + high) / 2;
    Double base = sutCpuSeconds != null ? sutCpuSeconds : in.sutCpus() > 0 ? in.sutCpus() : null;
    if (!local || base == null || !(base > 0)) {
      how.add(local ? "the rate is above the window, and the local server's CPU was not measured, so no --sut-cpus"
          + " can be proposed: give one and plan again" : "the rate is above the window: this SUT needs more free"
          + " disk, or fewer resources (the kit confines only a local server it starts)");
      return new RunPlan.Fit("too-fast", low, high, target, sutCpuSeconds, null, how, null);
    }
    double cpus = Math.max(CPU_STEP, Math.floor(base * target / iotps / CPU_STEP) * CPU_STEP);
    how.add(fmt("the rate is above the window: aim at its middle, %,.0f IoTps, with %s CPUs = %.2f CPU s/s x %,.0f /"
            + " %,.1f IoTps, rounded down to %s, if the rate follows the server's CPU in proportion (a store's"
            + " batches grow as it slows, so confirm it with the plan below, which measures the rate under that"
            + " limit)", target, RunCommandLine.number(cpus), base, target, iotps, RunCommandLine.number(CPU_STEP)));
    return new RunPlan.Fit("confine", low, high, target, sutCpuSeconds, cpus, how,
        RunCommandLine.plan(in, cpus, results));
  }

  private static String fmt(String format, Object... args) {
    return String.format(Locale.ROOT, format, args);
  }
}
