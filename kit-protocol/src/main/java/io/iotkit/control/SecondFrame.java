package io.iotkit.control;

import io.iotkit.binding.Aggregate;
import io.iotkit.model.HistogramCodec;
import io.iotkit.model.ResourceSecond;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * One second of a driver instance's measurements, the one record of them that travels to the master while the
 * instance runs: {@code SECOND <i> <end µs> <acknowledged> <failed> <ingest> <inserts> <queries> <resources>}, the
 * queries as {@code <latency>:<aggregated>} per template, in the templates' order, joined by {@code ;}. The
 * master builds the live progress, the instance's interval log, its per-second series and its whole-run latency
 * histograms (per template for the queries) and resource usage from these frames alone (its {@code
 * InstanceSeries}).
 *
 * @param second       i: the frame covers [TS_start + i s, end)
 * @param endMicros    the end of the second, in the instance's clock; the last frame, taken when the insert
 *                     threads and the query thread have ended, may end before a whole second (and after the
 *                     instance's end, its last kvp acknowledged, by the queries still waiting then)
 * @param acknowledged kvps acknowledged in this second
 * @param failed       kvps whose insert failed in this second
 * @param ingest       ingest latencies (µs) of the readings acknowledged in this second: generation to
 *                     acknowledgement
 * @param inserts      insert call latencies (µs) of this second
 * @param queries      per template, the queries that finished in this second: every template, none left out
 * @param resources    what the instance's host and JVM used in this second
 */
public record SecondFrame(int second, long endMicros, long acknowledged, long failed, Histogram ingest,
                          Histogram inserts, Map<Aggregate, TemplateSecond> queries, ResourceSecond resources) {

  public SecondFrame {
    if (queries.size() != Aggregate.values().length) {
      throw new IllegalArgumentException("a second frame holds every template's queries, not " + queries.keySet());
    }
    queries = Collections.unmodifiableMap(new EnumMap<>(queries));
  }

  /**
   * One template's queries in one second.
   *
   * @param latency    latencies (µs) of the template's queries that finished in this second
   * @param aggregated readings their windows held (and the queries aggregated)
   */
  public record TemplateSecond(Histogram latency, long aggregated) {
    /** No query of the template in this second. */
    public static TemplateSecond none() {
      return new TemplateSecond(new Histogram(3), 0);
    }
  }

  /** The queries of every template that finished in this second, one histogram (µs). */
  public Histogram queryLatency() {
    Histogram all = new Histogram(3);
    queries.values().forEach(t -> all.add(t.latency()));
    return all;
  }

  /** Queries that finished in this second, every template. */
  public long queryCount() {
    return queries.values().stream().mapToLong(t -> t.latency().getTotalCount()).sum();
  }

  public String toLine() {
    StringBuilder q = new StringBuilder();
    for (TemplateSecond t : queries.values()) { // an EnumMap: the templates' order
      q.append(q.isEmpty() ? "" : ";").append(HistogramCodec.encode(t.latency())).append(':').append(t.aggregated());
    }
    return ControlLine.format(ControlLine.SECOND, second + " " + endMicros + " " + acknowledged + " " + failed + " "
        + HistogramCodec.encode(ingest) + " " + HistogramCodec.encode(inserts) + " " + q + " " + resources.toText());
  }

  /** Reads the argument of a SECOND line. */
  public static SecondFrame parse(ControlLine line) {
    String[] p = line.argument().split(" ");
    if (p.length != 8) {
      throw new IllegalArgumentException("not a SECOND frame: " + line);
    }
    String[] templates = p[6].split(";");
    if (templates.length != Aggregate.values().length) {
      throw new IllegalArgumentException("a SECOND frame without every template's queries: " + line);
    }
    Map<Aggregate, TemplateSecond> queries = new EnumMap<>(Aggregate.class);
    for (Aggregate a : Aggregate.values()) {
      String[] t = templates[a.ordinal()].split(":");
      if (t.length != 2) {
        throw new IllegalArgumentException("not a template's queries in a SECOND frame: " + templates[a.ordinal()]);
      }
      queries.put(a, new TemplateSecond(HistogramCodec.decode(t[0]), Long.parseLong(t[1])));
    }
    return new SecondFrame(Integer.parseInt(p[0]), Long.parseLong(p[1]), Long.parseLong(p[2]), Long.parseLong(p[3]),
        HistogramCodec.decode(p[4]), HistogramCodec.decode(p[5]), queries, ResourceSecond.parse(p[7]));
  }
}
