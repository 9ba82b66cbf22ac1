package io.iotkit.binding;

/**
 * What became of one reading a {@link ReadingWriter} took: the binding calls exactly one of these methods once, from
 * whatever thread the store's answer arrives on, for every reading whose {@link ReadingWriter#write} returned
 * normally. A binding that completes a batch at once calls each of its readings' acknowledgements.
 */
public interface Acknowledgement {
  /** The store acknowledged the reading durably (as the binding documents its durability). */
  void acknowledged();

  /**
   * The same, at {@code nanoTime} (a {@link System#nanoTime()} instant the binding read once the store answered): a
   * binding whose store answers a batch of readings at once reads the clock once for all of them, so the kit
   * measures each reading without a clock read of its own. By default the instant is not needed.
   */
  default void acknowledgedAt(long nanoTime) {
    acknowledged();
  }

  /** The store will never acknowledge the reading: it is lost. */
  void failed(Throwable cause);
}
