package io.iotkit.bench;

import io.iotkit.model.BenchResult;

/**
 * One part of the kit's benchmark: something the kit does beside a reference doing the same work on the same
 * machine and in the same JVM. {@link Bench} runs both sides in alternating rounds and reports the ratio of
 * their median rates. A part for a store (its plain client loop against the kit's ingest into it) is one more
 * implementation.
 */
public interface BenchPart {

  /** The two sides of a part. */
  enum Side { KIT, REFERENCE }

  /**
   * One round of one side: operations done, wall time, the JVM's CPU time (all its threads, GC included, but its
   * JIT compiler threads', which {@code jitCpuSeconds} has apart), the JVM's resident memory when the round ended
   * (0 where unknown), and the local server's CPU time and disk bytes written over the same span (NaN where the
   * kit started no server or cannot read them). On a machine shared with other work the CPU times are the
   * steadier figures. {@code discardedOperations} are those of
   * the shorter attempts run before it and discarded as too short to time: no figure counts them, but a store
   * holds what they wrote.
   */
  record Round(long operations, double wallSeconds, double cpuSeconds, double jitCpuSeconds, long residentBytes,
               double serverCpuSeconds, double serverWrittenBytes, long discardedOperations) {
    public Round(long operations, double wallSeconds, double cpuSeconds) {
      this(operations, wallSeconds, cpuSeconds, 0, 0, Double.NaN, Double.NaN, 0);
    }

    /** The JIT compiler threads' CPU seconds per 10,000 operations. */
    public double jitCpuPer10k() {
      return jitCpuSeconds / operations * 10_000;
    }

    public double rate() {
      return operations / wallSeconds;
    }

    public double ratePerCpuSecond() {
      return operations / cpuSeconds;
    }

    /** The server's CPU seconds per 10,000 operations, NaN where unknown. */
    public double serverCpuPer10k() {
      return serverCpuSeconds / operations * 10_000;
    }

    /** The server's disk bytes written per operation, NaN where unknown. */
    public double serverWrittenPerOperation() {
      return serverWrittenBytes / operations;
    }
  }

  /** What is compared, e.g. "generation into the sink, 2 threads". */
  String name();

  /** Unit of the rates of the operations {@link #round} counts, e.g. "kvps/s". */
  String unit();

  /** What the kit's side runs. */
  String kitLabel();

  /** What the reference side runs. */
  String referenceLabel();

  /** The kit/reference ratios the kit aims at. */
  BenchResult.Targets targets();

  /**
   * The name under which the kit side's resources (resident memory, CPU per 10,000 kvps/s) are reported from its
   * measured rounds, e.g. "instance resources, hbase"; null for none.
   */
  default String resourcesName() {
    return null;
  }

  /**
   * Runs one round of one side, lasting about {@code seconds}. The first rounds of each
   * side are warmups whose rates are discarded.
   */
  Round round(Side side, double seconds) throws Exception;
}
