package io.iotkit.model;

/**
 * The outcome of one check: what was measured, against what limit, and whether it held.
 *
 * @param why one line on a failure (what is wrong, what to do); empty when it passed
 */
public record CheckResult(String name, String measured, String limit, boolean passed, String why) {

  public static CheckResult pass(String name, String measured, String limit) {
    return new CheckResult(name, measured, limit, true, "");
  }

  public static CheckResult of(String name, String measured, String limit, boolean passed, String why) {
    return new CheckResult(name, measured, limit, passed, passed ? "" : why);
  }
}
