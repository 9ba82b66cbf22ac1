package io.iotkit.bench;

/**
 * Sizes rounds that run a fixed number of operations so that each lasts about as long as asked, from the rate
 * of the round before. Counting rather than timing keeps the clock out of the loop being measured.
 */
final class RoundSizer {
  private static final long FIRST_OPS = 10_000;

  /** Runs {@code ops} operations and returns their rate (operations a second). */
  interface Counted {
    double rate(long ops) throws Exception;
  }

  private double lastRate;

  /**
   * Runs one round and returns its rate. A round that lasted less than half the time asked for is run again,
   * longer: on a loaded machine a short round is mostly start-up and scheduling, and would size the next one
   * wrongly (a cold JVM's first round is such a round).
   */
  double round(double seconds, Counted counted) throws Exception {
    long ops = lastRate > 0 ? Math.max(FIRST_OPS, (long) (lastRate * seconds)) : FIRST_OPS;
    while (true) {
      double rate = counted.rate(ops);
      lastRate = rate;
      if (ops / rate >= seconds / 2) {
        return rate;
      }
      ops = Math.max(ops * 2, (long) (rate * seconds));
    }
  }
}
