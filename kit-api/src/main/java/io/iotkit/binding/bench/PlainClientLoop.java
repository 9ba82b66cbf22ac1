package io.iotkit.binding.bench;

/**
 * A minimal loop of the store's own client at its best settings, for the kit's benchmark of itself
 * ({@code tpcx-iot.sh bench}): the reference the kit's ingest path is compared with. It writes the readings the
 * binding would write, in the binding's layout (same table, topic, partitions, keys and encoding), with the same
 * durability (a reading counts only once the store acknowledged it as the binding requires), and nothing of the
 * kit around it: no generation, no measurement, no queries.
 *
 * <p>One loop serves one bench part; {@link #close} releases its client. The substation was prepared with the
 * binding's {@code prepare} before the first write.
 */
public interface PlainClientLoop extends AutoCloseable {

  /**
   * Writes {@code count} readings of {@code substation} with {@code threads} threads of the store's client, the
   * contents taken in turn from {@code pool} and each stamped with a timestamp unique for its sensor, and returns
   * once every one was acknowledged.
   *
   * @return the readings the store acknowledged (all of them, or the call throws)
   * @throws Exception when the store refused or lost a write
   */
  long write(String substation, PlainReading[] pool, long count, int threads) throws Exception;

  /**
   * Before a round's {@link #write}, outside its timing: opens the connections its {@code threads} threads will
   * write through, as the kit's instance opens its bindings before its start barrier. For a store that serves each
   * connection from a process of its own, whose first seconds cost the server more per reading than a warm one's
   * (PostgreSQL's backends fault in the shared buffers they touch): the kit's instance connects anew each round,
   * so the loop does too, and {@link #endRound} closes them. Nothing by default: the loop connects on first use
   * and keeps its connections from round to round.
   */
  default void startRound(int threads) throws Exception {
  }

  /** After a round's {@link #write}: closes what {@link #startRound} opened. Nothing by default. */
  default void endRound() throws Exception {
  }

  @Override
  void close() throws Exception;
}
