package io.iotkit.progress;

/**
 * Where a workload execution stands at one instant, for the live progress display.
 *
 * @param phase what runs, e.g. "iteration 1 measured"
 * @param done kvps acknowledged so far, over all instances
 * @param total kvps the execution ingests
 * @param currentIotps kvps per second over the last few seconds
 * @param averageIotps kvps per second since TS_start
 * @param etaSeconds seconds left at the current rate; negative when unknown
 * @param queryP99Ms 99th percentile of the queries finished so far; negative when none finished yet
 * @param slowestInstance the instance furthest behind its share
 * @param slowestFraction how much of its share that instance has done, 0..1
 * @param slowestHost the host that instance runs on, or null when every instance runs on the master's host
 */
public record ProgressSnapshot(String phase, long done, long total, double elapsedSeconds, double currentIotps,
                               double averageIotps, double etaSeconds, double queryP99Ms, int slowestInstance,
                               double slowestFraction, String slowestHost) {

  public double fraction() {
    return total == 0 ? 0 : Math.min(1.0, (double) done / total);
  }
}
