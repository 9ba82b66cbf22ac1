package io.iotkit.model;

/**
 * The outcome of one check: what was measured, against what limit, and whether it held.
 *
 * @param measured the measured figure, with its number where the check measures one
 * @param limit the limit it was held to
 * @param why one line on a failure (what is wrong, what to do); empty when it passed
 */
public record CheckResult(String name, Figure measured, Limit limit, boolean passed, String why) {

  /** A check of a number: it passes exactly when the limit admits the figure. */
  public static CheckResult measure(String name, Figure measured, Limit limit, String why) {
    boolean passed = measured.value() != null && limit.admits(measured.value());
    return of(name, measured, limit, passed, why);
  }

  public static CheckResult of(String name, Figure measured, Limit limit, boolean passed, String why) {
    return new CheckResult(name, measured, limit, passed, passed ? "" : why);
  }

  /** A check of a state, told in text alone (e.g. "embedded server stopped and started" against "restarted"). */
  public static CheckResult of(String name, String measured, String limit, boolean passed, String why) {
    return of(name, Figure.text(measured), Limit.text(limit), passed, why);
  }

  public static CheckResult pass(String name, String measured, String limit) {
    return of(name, measured, limit, true, "");
  }

  /** The check as one line of the console and the text report: "[PASS] name: figure (limit L)", and why on a FAIL. */
  public String line() {
    return String.format("[%s] %s: %s (limit %s)%s", passed ? "PASS" : "FAIL", name, measured.text(), limit.text(),
        passed ? "" : " - " + why);
  }

  /** A failed check as a reason the run is not compliant: "name: figure (limit L)". */
  public String reason() {
    return name + ": " + measured.text() + " (limit " + limit.text() + ")";
  }
}
