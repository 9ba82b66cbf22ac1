package io.iotkit.hosts;

/**
 * A driver host the run cannot use (unreachable, login refused, no Java, no kit): bad input, found before any
 * data is written. The message is one line naming the host and the cause.
 */
public final class HostException extends Exception {
  public HostException(String message) {
    super(message);
  }
}
