package io.iotkit.bench;

/**
 * Sizes rounds that run a fixed number of operations so that each lasts about as long as asked, from the rate
 * of the round before. Counting rather than timing keeps the clock out of the loop being measured.
 */
final class RoundSizer {
  /** A first round this short would size the next from a cold JVM's rate: grow it until it lasts. */
  private static final long FIRST_OPS = 10_000;

  /** Runs {@code ops} operations and returns their rate (operations a second). */
  interface Counted {
    double rate(long ops) throws Exception;
  }

  private double lastRate;

  double round(double seconds, Counted counted) throws Exception {
    long ops = lastRate > 0 ? Math.max(1_000, (long) (lastRate * seconds)) : FIRST_OPS;
    while (true) {
      double rate = counted.rate(ops);
      boolean tooShort = lastRate == 0 && ops / rate < seconds / 2;
      lastRate = rate;
      if (!tooShort) {
        return rate;
      }
      ops = Math.max(ops * 2, (long) (rate * seconds));
    }
  }
}
