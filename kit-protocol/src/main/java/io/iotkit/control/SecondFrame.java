package io.iotkit.control;

import io.iotkit.model.HistogramCodec;
import io.iotkit.model.ResourceSecond;
import org.HdrHistogram.Histogram;

/**
 * One second of a driver instance's measurements, the one record of them that travels to the master while the
 * instance runs: {@code SECOND <i> <end µs> <acknowledged> <failed> <ingest> <inserts> <queries> <resources>}. The
 * master builds the live progress, the instance's interval log, its per-second series and its whole-run latency
 * histograms and resource usage from these frames alone (its {@code InstanceSeries}).
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
 * @param queries      latencies (µs) of the queries that finished in this second
 * @param resources    what the instance's host and JVM used in this second
 */
public record SecondFrame(int second, long endMicros, long acknowledged, long failed, Histogram ingest,
                          Histogram inserts, Histogram queries, ResourceSecond resources) {

  public String toLine() {
    return ControlLine.format(ControlLine.SECOND, second + " " + endMicros + " " + acknowledged + " " + failed + " "
        + HistogramCodec.encode(ingest) + " " + HistogramCodec.encode(inserts) + " " + HistogramCodec.encode(queries)
        + " " + resources.toText());
  }

  /** Reads the argument of a SECOND line. */
  public static SecondFrame parse(ControlLine line) {
    String[] p = line.argument().split(" ");
    if (p.length != 8) {
      throw new IllegalArgumentException("not a SECOND frame: " + line);
    }
    return new SecondFrame(Integer.parseInt(p[0]), Long.parseLong(p[1]), Long.parseLong(p[2]), Long.parseLong(p[3]),
        HistogramCodec.decode(p[4]), HistogramCodec.decode(p[5]), HistogramCodec.decode(p[6]),
        ResourceSecond.parse(p[7]));
  }
}
