package io.iotkit.bench;

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
   * One round of one side: operations done, wall time, the JVM's CPU time (all its threads, GC and JIT
   * included), and the JVM's resident memory when the round ended (0 where unknown). On a machine shared with
   * other work the rate per CPU second is the steadier figure.
   */
  record Round(long operations, double wallSeconds, double cpuSeconds, long residentBytes) {
    public Round(long operations, double wallSeconds, double cpuSeconds) {
      this(operations, wallSeconds, cpuSeconds, 0);
    }

    public double rate() {
      return operations / wallSeconds;
    }

    public double ratePerCpuSecond() {
      return operations / cpuSeconds;
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

  /** The kit/reference ratio the kit aims at, or null for none. */
  Double target();

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
