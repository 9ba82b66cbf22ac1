package io.iotkit.control;

/**
 * The line protocol between the master and a driver instance, over the instance's stdin and stdout.
 * Instance to master: {@code READY}, {@code PROGRESS <kvps>}, {@code DONE}, {@code FAILED <message>}.
 * Master to instance: {@code START <epoch µs>} (the start barrier: begin at that instant).
 * An instance whose stdin closes exits at once: the master is gone.
 */
public record ControlLine(String verb, String argument) {
  public static final String READY = "READY";
  public static final String START = "START";
  public static final String PROGRESS = "PROGRESS";
  public static final String DONE = "DONE";
  public static final String FAILED = "FAILED";

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
