package io.iotkit.bench;

/** Hears each measured round of the bench as it ends: for those who watch a bench live. */
public interface RoundListener {
  /**
   * @param figure the part's name
   * @param round  1 to the rounds asked for
   */
  void round(String figure, BenchPart.Side side, int round, BenchPart.Round measured);

  /** Nobody listens. */
  RoundListener NONE = (figure, side, round, measured) -> { };
}
