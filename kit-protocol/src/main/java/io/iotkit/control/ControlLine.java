package io.iotkit.control;

/**
 * The line protocol between the master and a driver instance, over the instance's stdin and stdout: the only
 * channel between them, so an instance on another host (behind ssh) needs nothing else.
 * Master to instance: {@code SPEC <json>} (its InstanceSpec), {@code PROPERTIES <base64>} (the binding
 * properties file's bytes, never written on the instance's host), {@code START <epoch µs>} (the start barrier,
 * in the instance's own clock).
 * Instance to master: {@code READY}, a {@link SecondFrame} each second from the start, {@code RESULT <json>} (its
 * InstanceTotals), {@code DONE}, {@code FAILED <message>}, and
 * {@code ALIVE} every {@value #HEARTBEAT_MILLIS} ms from its start to its end, so the master knows a silent
 * instance (killed, its host or ssh gone) for dead within {@value #SILENCE_LIMIT_MILLIS} ms whatever the transport.
 * The master sends {@code ALIVE} to each instance as often: an instance that hears nothing from it for
 * {@value #MASTER_SILENCE_LIMIT_MILLIS} ms (a link cut where no connection closes) ends itself, and one whose
 * stdin closes exits at once: either way the master is gone.
 */
public record ControlLine(String verb, String argument) {
  public static final String READY = "READY";
  public static final String START = "START";
  public static final String SECOND = "SECOND";
  public static final String DONE = "DONE";
  public static final String FAILED = "FAILED";
  public static final String SPEC = "SPEC";
  public static final String ALIVE = "ALIVE";
  public static final long HEARTBEAT_MILLIS = 1_000;
  /** Below the 10 s in which a dead instance must end the run, with room for the master's own check interval. */
  public static final long SILENCE_LIMIT_MILLIS = 8_000;
  /**
   * How long an instance waits for a line from its master before it ends itself: longer than the master's own
   * limit, so the master, which can say why, speaks first.
   */
  public static final long MASTER_SILENCE_LIMIT_MILLIS = 20_000;
  public static final String PROPERTIES = "PROPERTIES";
  public static final String RESULT = "RESULT";

  public static ControlLine parse(String line) {
    String t = line.trim();
    int sp = t.indexOf(' ');
    return sp < 0 ? new ControlLine(t, "") : new ControlLine(t.substring(0, sp), t.substring(sp + 1).trim());
  }

  public static String format(String verb, Object argument) {
    return verb + " " + argument;
  }

  public boolean is(String v) {
    return verb.equals(v);
  }

  public long number() {
    return Long.parseLong(argument);
  }
}
