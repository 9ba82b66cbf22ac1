package io.iotkit.plan;

import io.iotkit.check.ExecutionRules;
import io.iotkit.model.ByteSize;
import io.iotkit.model.PhaseResult;
import io.iotkit.model.RunPlan;
import io.iotkit.model.SutOutage;
import io.iotkit.model.WorkloadSpec;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A plan from what the calibration measured: K ({@link KvpsTarget}), the run's wall time ({@link WallTime}), the
 * SUT's disk for an iteration ({@link DiskNeed}), what stands in the way of a compliant run, and the command line.
 * It measures nothing itself.
 */
public final class Planner {
  private Planner() {
  }

  /**
   * @param planId  the plan folder's name
   * @param results the results folder the planned run should use, as given (null for the default)
   */
  public static RunPlan plan(String kitVersion, String planId, Instant started, Instant ended, RunPlan.Inputs in,
                             Calibration.Outcome c, String results) {
    List<RunPlan.Execution> executions = new ArrayList<>();
    for (int i = 0; i < c.executions().size(); i++) {
      executions.add(execution(c.executions().get(i), c.wallSeconds().get(i)));
    }
    RunPlan.Execution calibration = executions.get(executions.size() - 1);
    RunPlan.Kvps kvps = KvpsTarget.of(calibration.iotps(), ExecutionRules.MIN_ELAPSED_SECONDS, in.marginPercent(),
        in.substations());
    RunPlan.WallTime wall = WallTime.of(c.measured(), calibration, kvps, c.restart());
    RunPlan.Disk disk = c.local()
        ? DiskNeed.measured(c.growthBytes(), c.measured().written(), kvps.kvps(), c.freeBytes(), c.filesystem())
        : DiskNeed.estimated(c.replication().factor(), c.replication().source(), kvps.kvps());
    String command = RunCommandLine.of(in, kvps.kvps(), results);
    RunPlan.Fit fit = ComplianceWindow.of(in, calibration.iotps(), disk, c.local(), c.sutCpuSeconds(), command,
        results);
    return new RunPlan(kitVersion, planId, started, ended, in, c.sut(), c.local(), c.replication().factor(),
        c.replication().source(), executions, calibration, c.measured(), kvps, wall, disk, fit, c.outages(),
        warnings(in, c, calibration, disk), command);
  }

  static RunPlan.Execution execution(PhaseResult p, double wallSeconds) {
    return new RunPlan.Execution(p.name(), p.target(), p.acknowledged(), p.elapsedSeconds(), p.iotps(), wallSeconds,
        p.failedOperations(), p.queries(), p.readingsPerQuery());
  }

  /** What a run at this plan would break, or what makes the plan's figures less sure. */
  static List<String> warnings(RunPlan.Inputs in, Calibration.Outcome c, RunPlan.Execution calibration,
                               RunPlan.Disk disk) {
    List<String> w = new ArrayList<>();
    c.emulator().ifPresent(e -> w.add("the SUT is an emulator: " + e + "; no run on it is compliant, whatever K"));
    double perSensor = calibration.iotps() / (in.substations() * (double) WorkloadSpec.SENSORS_PER_SUBSTATION);
    if (perSensor < ExecutionRules.MIN_KVPS_PER_SENSOR_SECOND) {
      w.add(fmt("the calibration's per-sensor rate, %,.1f IoTps / (%d x %d sensors) = %.2f kvps/s, is below the"
              + " %.0f kvps/s a compliant run needs: no K fixes that; use fewer substations or a faster SUT",
          calibration.iotps(), in.substations(), WorkloadSpec.SENSORS_PER_SUBSTATION, perSensor,
          ExecutionRules.MIN_KVPS_PER_SENSOR_SECOND));
    }
    if (c.replication().factor() < ExecutionRules.MIN_REPLICATION) {
      w.add(fmt("replication factor %d (%s) is below %d: the run's replication check will fail",
          c.replication().factor(), c.replication().source(), ExecutionRules.MIN_REPLICATION));
    }
    if (in.threads() != WorkloadSpec.THREADS_PER_INSTANCE) {
      w.add(fmt("--threads %d: the run will be a non-compliant trial run (a compliant run has %d)", in.threads(),
          WorkloadSpec.THREADS_PER_INSTANCE));
    }
    if (c.restart() == WallTime.Restart.NONE) {
      w.add("no sut.restart.command in the binding properties: the run's cleanup check 'SUT restarted' will fail");
    }
    long failed = c.executions().stream().mapToLong(PhaseResult::failedOperations).sum();
    if (failed > 0) {
      w.add(fmt("%,d operations failed during the calibration: a run with any fails its rules", failed));
    }
    if (c.measured().stored() != c.measured().written()) {
      w.add(fmt("the SUT held %,d readings after the calibration, which had %,d acknowledged: a run's data check"
          + " would fail", c.measured().stored(), c.measured().written()));
    }
    if (c.measured().leftAfterPurge() != 0) {
      w.add(fmt("%,d readings were left after the purge: the run's cleanup check would fail",
          c.measured().leftAfterPurge()));
    }
    if (!c.outages().isEmpty()) {
      List<SutOutage> o = c.outages();
      w.add(fmt("the SUT went silent %d time(s) during the calibration, %.1f to %.1f s each, %.1f s in all (first: %s,"
              + " %s): the measured rate includes them", o.size(),
          o.stream().mapToDouble(SutOutage::seconds).min().orElse(0),
          o.stream().mapToDouble(SutOutage::seconds).max().orElse(0),
          o.stream().mapToDouble(SutOutage::seconds).sum(), o.get(0).phase(), o.get(0).cause()));
    }
    if (Boolean.FALSE.equals(disk.fits())) {
      w.add(fmt("the SUT needs %s for one iteration's readings, but only %s are free on the filesystem of %s",
          ByteSize.binary(disk.iterationBytes()), ByteSize.binary(disk.freeBytes()), disk.filesystem()));
    }
    return w;
  }

  private static String fmt(String format, Object... args) {
    return String.format(Locale.ROOT, format, args);
  }
}
