package io.iotkit.model;

import java.time.Instant;
import java.util.List;

/**
 * A plan for a compliant run ({@code tpcx-iot.sh plan}), written as plan.json: what the calibration against the SUT
 * measured, and what follows from it (K, the run's wall time, the disk the SUT needs), each with its derivation.
 *
 * @param sut          one line naming the SUT, as a run's report names it
 * @param localSut     whether the kit started the SUT itself (its folder could be measured)
 * @param probe        the short execution that sized the calibration
 * @param calibration  the execution whose rate the plan uses: not a result, nothing of it is kept
 * @param measured     the other figures the calibration measured (times of the run's steps, counts)
 * @param outages      times the SUT went silent during the calibration and answered again
 * @param fit          where a compliant run's rate must lie on this SUT and disk, and what brings it there
 * @param warnings     what stands between this SUT and a compliant run, or makes the plan less sure
 * @param command      the run's command line with the planned K
 */
public record RunPlan(String kitVersion, String planId, Instant started, Instant ended, Inputs inputs, String sut,
                      boolean localSut, int replicationFactor, String replicationSource,
                      List<Execution> executions, Execution calibration, Measured measured, Kvps kvps, WallTime wallTime, Disk disk,
                      Fit fit, List<SutOutage> outages, List<String> warnings, String command) {

  public RunPlan {
    executions = List.copyOf(executions);
    outages = List.copyOf(outages);
    warnings = List.copyOf(warnings);
  }

  /**
   * What the plan was asked for.
   *
   * @param hostOptions        the options that go with --hosts, as given (e.g. --ssh-config FILE), for the command
   * @param instanceJvmOptions as given, or null for the binding's default
   * @param sutCpus            --sut-cpus as given, 0 for no limit
   * @param sutMemoryBytes     --sut-memory as given, 0 for no limit
   */
  public record Inputs(String binding, int substations, int threads, int sutNodes, String bindingProperties,
                       String hosts, List<String> hostOptions, List<String> instanceJvmOptions,
                       double calibrationSeconds, double marginPercent, double sutCpus, long sutMemoryBytes) {
  }

  /**
   * The window a compliant run's rate must lie in on this SUT and this disk, and where the calibration's rate lies.
   * Its lower edge is the per-sensor floor raised by the margin (a rate that falls by the margin still passes); its
   * upper edge the rate whose K (executions of 1800 s x (1 + margin)) still fits one iteration's readings in the free
   * disk, at the measured bytes per reading.
   *
   * @param verdict       {@code fits}: the calibration's rate is in the window; {@code confine}: it is above, and
   *                      a local server confined to {@code proposedCpus} should come into it; {@code too-fast}:
   *                      above, and the kit cannot confine this SUT; {@code too-slow}: below the floor;
   *                      {@code no-window}: the floor is above the disk's ceiling, so no rate fits at this P;
   *                      {@code unknown}: the free disk is not known (a SUT the kit did not start), the floor alone
   *                      was checked
   * @param lowIotps      the window's lower edge
   * @param highIotps     its upper edge; null when the free disk is not known
   * @param targetIotps   the rate a confined server is aimed at (the window's middle); null unless confining
   * @param sutCpuSeconds the local server's CPU seconds per second during the calibration execution, all its
   *                      processes together; null when not measured
   * @param proposedCpus  the --sut-cpus expected to bring the rate to the target, assuming the rate follows the
   *                      server's CPU in proportion; null unless confining
   * @param derivation    how each figure was found, a line each
   * @param next          the command to run next: the run, or a plan under the proposed --sut-cpus that measures
   *                      the rate there; null when nothing leads to a compliant run
   */
  public record Fit(String verdict, double lowIotps, Double highIotps, Double targetIotps, Double sutCpuSeconds,
                    Double proposedCpus, List<String> derivation, String next) {
    public Fit {
      derivation = List.copyOf(derivation);
    }
  }

  /**
   * One workload execution of the calibration.
   *
   * @param wallSeconds from launching the instances to having their results: start-up, barrier, execution, end
   */
  public record Execution(String name, long targetKvps, long acknowledged, double elapsedSeconds, double iotps,
                          double wallSeconds, long failedOperations, long queries, double readingsPerQuery) {
  }

  /**
   * Times and counts measured around the calibration's executions, as a run would spend them.
   *
   * @param fileCheckSeconds  the file check of every kit file against the manifest
   * @param sutStartSeconds   starting or connecting to the SUT (a local server: until it serves)
   * @param prepareSeconds    the binding's prepare of P substations (e.g. HBase's table laid out anew)
   * @param probeCounted      readings the SUT held after the probe, counted as a data check counts
   * @param probeCountSeconds that count
   * @param written           readings the calibration's executions had acknowledged
   * @param stored            readings the SUT held for those substations when counted afterwards
   * @param countSeconds      that count (a data check's)
   * @param purgeSeconds      the binding's purge of those readings
   * @param leftAfterPurge    readings the SUT still held for them after the purge
   * @param sutStopSeconds    stopping the local server; null for a SUT the kit did not start
   */
  public record Measured(double fileCheckSeconds, double sutStartSeconds, double prepareSeconds,
                         long probeCounted, double probeCountSeconds, long written, long stored, double countSeconds, double purgeSeconds, long leftAfterPurge,
                         Double sutStopSeconds) {
  }

  /**
   * K for executions of at least {@code minimumSeconds} x (1 + margin) at the calibration's rate.
   *
   * @param iotps            the calibration's measured rate
   * @param targetSeconds    minimumSeconds x (1 + marginPercent / 100)
   * @param minimumKvps      ceil(iotps x targetSeconds)
   * @param step             K is rounded up to a multiple of this (P x 1,000)
   * @param kvps             K
   * @param executionSeconds K / iotps: how long one execution is expected to last
   */
  public record Kvps(double iotps, double minimumSeconds, double marginPercent, double targetSeconds,
                     long minimumKvps, long step, long kvps, double executionSeconds) {
  }

  /**
   * The expected wall time of the whole run, as a sum of steps.
   *
   * @param notIncluded steps of a run the plan could not measure, each with why
   */
  public record WallTime(List<Step> steps, double totalSeconds, List<String> notIncluded) {
    public WallTime {
      steps = List.copyOf(steps);
      notIncluded = List.copyOf(notIncluded);
    }
  }

  /** One step of the run's wall time: how long, and how that figure was derived from what was measured. */
  public record Step(String what, double seconds, String derivation) {
  }

  /**
   * The SUT's disk for one iteration's readings (warmup and measured both stay stored until the cleanup).
   *
   * @param method          "measured" (a local server's folder grew) or "estimated" (from the reading's size and
   *                        the replication factor, for a SUT the kit cannot look into)
   * @param bytesPerKvp     disk per reading, replication included
   * @param derivation      how bytesPerKvp was found
   * @param iterationKvps   readings one iteration writes: 2 x K
   * @param iterationBytes  bytesPerKvp x iterationKvps
   * @param freeBytes       free space of the filesystem a local server's data would go on; null when not local
   * @param filesystem      a folder on that filesystem; null when not local
   * @param fits            whether iterationBytes fit in freeBytes; null when the free space is not known
   */
  public record Disk(String method, double bytesPerKvp, String derivation, long iterationKvps, double iterationBytes,
                     Long freeBytes, String filesystem, Boolean fits) {
  }
}
