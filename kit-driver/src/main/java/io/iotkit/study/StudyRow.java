package io.iotkit.study;

import io.iotkit.model.ConsumerRates;
import io.iotkit.model.MedianInterval;
import io.iotkit.model.Operation;
import io.iotkit.model.PhaseSeries;
import java.util.Map;

/**
 * One point of a study as its table shows it, every figure read from the point's result.json; a figure the run
 * did not measure (a failed point, no queries, resources not sampled) is null.
 *
 * @param value the swept option's value
 * @param status where the point stands
 * @param runFolder its run folder relative to the study folder, or null
 * @param substations P
 * @param kvps K, kvps per execution
 * @param warmupSeconds elapsed time of the performance iteration's warmup
 * @param measuredSeconds elapsed time of the performance run (the measured run the metric is from)
 * @param iotps the run's metric
 * @param perSensor IoTps / (P x 200)
 * @param efficiency IoTps / (P / P_base x IoTps_base), against the study's first point with a result
 * @param ingestMinSeconds fastest substation's ingest time in the performance run
 * @param ingestMaxSeconds slowest substation's
 * @param ingestAvgSeconds the substations' average
 * @param ingestSpread (max - min) / min, as the run report and the paper's Table II give it; null with one substation, where there is nothing to spread
 * @param queryAvgMs average latency per query template in the performance run
 * @param queryP99Ms 99th percentile latency per query template
 * @param ingestLatency ingest latency percentiles (generation to acknowledgement) of the performance run, from
 *     its histograms
 * @param ingestP99SettledMs the highest ingest p99 of a second of the performance run after its first 10 s (see
 *     {@link io.iotkit.model.SteadyState#settledIngestP99Ms}); null where no such second had readings
 * @param endToEnd end-to-end latency percentiles (generation to a reader holding the reading) of the performance
 *     run, on a store that delivers readings; {@link LatencyPercentiles#NONE} elsewhere
 * @param rate kvps/s per instance the run was paced at; 0 when unpaced
 * @param offeredRate P x rate, for a paced run; null when unpaced
 * @param resources what the SUT's and the driver's side used over the performance run
 * @param runs with {@code --repeat}: the IoTps of the point's runs that have a result, as a median with its interval;
 *     every other figure of the row is its median run's (the lower of the two middle ones for an even count); null
 *     for a study that runs each point once
 * @param series the performance run's per-second series (ingest p99 and kvps of each second); empty for a point
 *     without a result
 * @param readOnly the performance iteration's read-only execution, or null where none ran
 * @param consumers what consumers read in the performance iteration, on a store that delivers readings; else null
 * @param master what the master cost the run
 */
public record StudyRow(String value, PointState.Status status, String runFolder, Integer substations, Long kvps,
                       Double warmupSeconds, Double measuredSeconds, Double iotps, Double perSensor,
                       Double efficiency, Double ingestMinSeconds, Double ingestMaxSeconds, Double ingestAvgSeconds,
                       Double ingestSpread, Map<Operation, Double> queryAvgMs, Map<Operation, Double> queryP99Ms,
                       LatencyPercentiles ingestLatency, Double ingestP99SettledMs, LatencyPercentiles endToEnd,
                       long rate, Double offeredRate, PointResources resources, MedianInterval runs,
                       PhaseSeries series, ReadOnlyFigures readOnly, ConsumerRates consumers, MasterCost master) {

  /** A point without a read-only execution, consumers or the master's figures. */
  public StudyRow(String value, PointState.Status status, String runFolder, Integer substations, Long kvps,
                  Double warmupSeconds, Double measuredSeconds, Double iotps, Double perSensor,
                  Double efficiency, Double ingestMinSeconds, Double ingestMaxSeconds, Double ingestAvgSeconds,
                  Double ingestSpread, Map<Operation, Double> queryAvgMs, Map<Operation, Double> queryP99Ms,
                  LatencyPercentiles ingestLatency, Double ingestP99SettledMs, LatencyPercentiles endToEnd,
                  long rate, Double offeredRate, PointResources resources, MedianInterval runs,
                  PhaseSeries series) {
    this(value, status, runFolder, substations, kvps, warmupSeconds, measuredSeconds, iotps, perSensor, efficiency,
        ingestMinSeconds, ingestMaxSeconds, ingestAvgSeconds, ingestSpread, queryAvgMs, queryP99Ms, ingestLatency,
        ingestP99SettledMs, endToEnd, rate, offeredRate, resources, runs, series, null, null, MasterCost.NONE);
  }

  /** Whether the point has a result to show. */
  public boolean measured() {
    return iotps != null;
  }

  /** IoTps per CPU second the local SUT's processes used over the performance run; null where either is unknown. */
  public Double iotpsPerSutCpu() {
    Double sutCpu = resources.sutCpu();
    return iotps == null || sutCpu == null || sutCpu <= 0 ? null : iotps / sutCpu;
  }

  /** What the run added to the local server's folder per reading of the run; null where either is unknown. */
  public Double folderBytesPerReading() {
    Double growth = resources.sutFolderGrowthBytes();
    return growth == null || kvps == null || kvps <= 0 ? null : growth / kvps;
  }

  /** The same row with its efficiency set. */
  StudyRow withEfficiency(Double e) {
    return new StudyRow(value, status, runFolder, substations, kvps, warmupSeconds, measuredSeconds, iotps,
        perSensor, e, ingestMinSeconds, ingestMaxSeconds, ingestAvgSeconds, ingestSpread, queryAvgMs, queryP99Ms,
        ingestLatency, ingestP99SettledMs, endToEnd, rate, offeredRate, resources, runs, series, readOnly,
        consumers, master);
  }

  /** The same row as the median run of a point that ran several times. */
  StudyRow withRuns(MedianInterval r) {
    return new StudyRow(value, status, runFolder, substations, kvps, warmupSeconds, measuredSeconds, iotps,
        perSensor, efficiency, ingestMinSeconds, ingestMaxSeconds, ingestAvgSeconds, ingestSpread, queryAvgMs,
        queryP99Ms, ingestLatency, ingestP99SettledMs, endToEnd, rate, offeredRate, resources, r, series, readOnly,
        consumers, master);
  }

  /** A point without a result: only its value and state. */
  static StudyRow unmeasured(String value, PointState.Status status, String runFolder) {
    return new StudyRow(value, status, runFolder, null, null, null, null, null, null, null, null, null, null, null,
        Map.of(), Map.of(), LatencyPercentiles.NONE, null, LatencyPercentiles.NONE, 0, null, PointResources.NONE, null,
        PhaseSeries.empty());
  }
}
