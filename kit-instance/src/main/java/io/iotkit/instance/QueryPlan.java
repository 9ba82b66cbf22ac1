package io.iotkit.instance;

import io.iotkit.binding.Aggregate;
import io.iotkit.binding.WindowQueries;
import io.iotkit.binding.WindowResult;
import io.iotkit.model.WorkloadSpec;
import java.util.List;
import java.util.SplittableRandom;
import site.ycsb.DBException;

/**
 * One dashboard query (docs/PROTOCOL.md §3): a template, a random sensor of the substation, and two 5 s windows.
 * Window A is the last 5 s; window B is a random 5 s within the 1800 s before A, but not before data exists.
 * The kit's instances ask it, and so does the kit's benchmark beside a store's plain client loop.
 */
public record QueryPlan(Aggregate template, Sensor sensor, long aFrom, long aTo, long bFrom, long bTo) {

  /** A query of one of the substation's sensors at {@code nowMicros}, its data written since {@code dataSinceMicros}. */
  public static QueryPlan plan(SplittableRandom rng, long nowMicros, long dataSinceMicros) {
    return plan(rng, SensorCatalog.sensors(), nowMicros, dataSinceMicros);
  }

  /** Asks the store both windows, A then B. */
  public WindowResult[] ask(WindowQueries store, String substation) throws DBException {
    return new WindowResult[] {
        store.aggregate(template, substation, sensor.key(), aFrom, aTo),
        store.aggregate(template, substation, sensor.key(), bFrom, bTo)};
  }

  static QueryPlan plan(SplittableRandom rng, List<Sensor> sensors, long nowMicros, long dataSinceMicros) {
    Aggregate template = Aggregate.values()[rng.nextInt(Aggregate.values().length)];
    Sensor sensor = sensors.get(rng.nextInt(sensors.size()));
    long aFrom = nowMicros - WorkloadSpec.WINDOW_MICROS;
    long earliest = Math.max(aFrom - WorkloadSpec.LOOKBACK_MICROS, dataSinceMicros);
    long latest = aFrom - WorkloadSpec.WINDOW_MICROS;
    // Data younger than two windows: B starts where data starts, even if it then overlaps A.
    long bFrom = latest > earliest ? rng.nextLong(earliest, latest + 1) : earliest;
    return new QueryPlan(template, sensor, aFrom, nowMicros, bFrom, bFrom + WorkloadSpec.WINDOW_MICROS);
  }
}
