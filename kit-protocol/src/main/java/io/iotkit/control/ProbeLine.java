package io.iotkit.control;

/**
 * The line protocol between the master and a driver host's probe, over the probe's stdin and stdout (behind ssh).
 * Probe to master: {@code FILE <sha256> <path>} for each kit file the host needs (the master compares them against
 * its one manifest), {@code ENV <json>} (the host's Environment), {@link ControlLine#READY}; then {@code PONG <epoch
 * µs>} for each {@code PING} from the master, from which the master takes the host's clock offset.
 */
public final class ProbeLine {
  public static final String FILE = "FILE";
  public static final String ENV = "ENV";
  public static final String PING = "PING";
  public static final String PONG = "PONG";

  private ProbeLine() {
  }
}
