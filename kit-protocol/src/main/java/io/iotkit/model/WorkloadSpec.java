package io.iotkit.model;

/**
 * The fixed shape of the workload (docs/PROTOCOL.md §1–3). These are kit constants: a compliant run cannot
 * change them, and the file check proves the jar that holds them is the released one.
 */
public final class WorkloadSpec {
  public static final int SENSORS_PER_SUBSTATION = 200;
  /** Insert threads per driver instance, as the TPC kit fixes. */
  public static final int THREADS_PER_INSTANCE = 10;
  /** Bytes of one kvp: key, value, unit and padding together. */
  public static final int KVP_BYTES = 1024;
  /**
   * The largest kvp a trial run may ask for (--kvp-bytes), the top of the load studies' payload range. The
   * smallest is the longest key, value and unit the generator makes (see io.iotkit.instance.KvpSizes).
   */
  public static final int MAX_KVP_BYTES = 10_240;
  /** 5 queries per 10,000 kvps: one query after every 2,000 inserts of an instance. */
  public static final int INSERTS_PER_QUERY = 2_000;
  /** Instances sample their measurements once a second, the resolution of a run's time series. */
  public static final long SAMPLE_INTERVAL_MICROS = 1_000_000L;
  public static final long WINDOW_MICROS = 5_000_000L;
  public static final long LOOKBACK_MICROS = 1_800_000_000L;

  private WorkloadSpec() {
  }

  /** KVP(i) of docs/PROTOCOL.md §2: floor(K/P) each, the last instance also takes K mod P. */
  public static long kvpsFor(int instance, int instances, long total) {
    if (instances < 1 || instance < 0 || instance >= instances) {
      throw new IllegalArgumentException("instance " + instance + " of " + instances);
    }
    long share = total / instances;
    return instance == instances - 1 ? share + total % instances : share;
  }

  /** The share of one insert thread: an instance's kvps spread over its threads, the remainder to the first. */
  public static long kvpsForThread(int thread, int threads, long instanceKvps) {
    return instanceKvps / threads + (thread < instanceKvps % threads ? 1 : 0);
  }
}
