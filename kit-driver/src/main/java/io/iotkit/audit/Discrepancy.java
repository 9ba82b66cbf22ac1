package io.iotkit.audit;

/**
 * One thing in a run folder that its evidence does not bear out: which figure or file, and how they differ.
 *
 * @param figure what differs, e.g. "metrics.iotps" or "file report.html"
 * @param detail what the folder says against what its evidence gives, in a few words
 */
public record Discrepancy(String figure, String detail) {

  /** A figure the folder records as one value where its evidence gives another. */
  public static Discrepancy of(String figure, Object recorded, Object derived) {
    return new Discrepancy(figure, "recorded " + recorded + ", the evidence gives " + derived);
  }

  /** The discrepancy as one line of {@code verify}'s output. */
  public String line() {
    return figure + ": " + detail;
  }
}
