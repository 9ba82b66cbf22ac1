package io.iotkit.model;

import io.iotkit.binding.Aggregate;
import io.iotkit.binding.WindowResult;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * What the queries of one template made the store read, beside what they aggregated: their read amplification
 * (read / aggregated). A binding measures the read per window ({@link WindowResult#read()}) or cannot tell.
 *
 * @param aggregated readings the template's windows held (and its queries aggregated)
 * @param read records the store read to answer the windows whose read the binding measured
 * @param unmeasuredWindows windows whose read the binding could not tell ({@link WindowResult#UNMEASURED})
 */
public record QueryReads(long aggregated, long read, long unmeasuredWindows) {
  /** No window answered yet. */
  public static final QueryReads NONE = new QueryReads(0, 0, 0);

  public QueryReads plus(QueryReads o) {
    return new QueryReads(aggregated + o.aggregated, read + o.read, unmeasuredWindows + o.unmeasuredWindows);
  }

  /** Whether the binding measured the read of every window (a binding that cannot tell measured none). */
  public boolean measured() {
    return unmeasuredWindows == 0;
  }

  /** read / aggregated; empty when a window's read was not measured or nothing was aggregated (no ratio then). */
  public OptionalDouble amplification() {
    return measured() && aggregated > 0 ? OptionalDouble.of((double) read / aggregated) : OptionalDouble.empty();
  }

  /**
   * The read amplification as a report shows it: "1.00× (2,000 read / 2,000 aggregated)", "0 read, none
   * aggregated", or "not measured" (with how many windows, when the binding measured some and not others).
   */
  public String text() {
    if (!measured()) {
      return unmeasuredWindows > 0 && read > 0
          ? String.format(Locale.ROOT, "not measured in %,d windows", unmeasuredWindows) : "not measured";
    }
    OptionalDouble ratio = amplification();
    return ratio.isPresent()
        ? String.format(Locale.ROOT, "%.2f× (%,d read / %,d aggregated)", ratio.getAsDouble(), read, aggregated)
        : String.format(Locale.ROOT, "%,d read, none aggregated", read);
  }

  /** The text of a template's reads in a merged map; "not measured" when the map lacks it. */
  public static String text(Map<Aggregate, QueryReads> reads, Aggregate template) {
    QueryReads r = reads.get(template);
    return r == null ? "not measured" : r.text();
  }
}
