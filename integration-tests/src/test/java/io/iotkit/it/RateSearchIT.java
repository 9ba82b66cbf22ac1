package io.iotkit.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iotkit.study.PointState;
import io.iotkit.study.RateSearch;
import io.iotkit.study.Study;
import io.iotkit.study.StudyTable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code sweep --find-rate} on a store of known capacity: the sink acknowledging at most 1,000 readings a second
 * (one instance, one insert thread). The search ends with a bracket within its precision around that capacity;
 * run again, it makes no run and ends with the same bracket, rebuilt from study.json.
 */
class RateSearchIT {
  private static final long CAPACITY = 1_000;

  @Test
  void theSearchFindsTheRateAThrottledStoreHolds(@TempDir Path work) throws Exception {
    Path study = work.resolve("study");
    String[] args = {"sweep", "-b", "null", "-p", "1", "--threads", "1", "--binding-property",
        "null.ack.rate=" + CAPACITY, "-k", "5000", "--no-queries", "--find-rate", "--ingest-p99-limit", "250ms",
        "--precision", "10", "--probe-seconds", "20", "--study", study.toString()};
    KitProcess.Finished first = KitProcess.run(Files.createDirectories(work.resolve("first")), 8, args);
    assertEquals(0, first.exitCode(), first.stdout() + first.stderr());
    assertTrue(first.stdout().contains("[1] rate=0 (unpaced): done"), first.stdout());
    assertTrue(first.stdout().contains("[2] rate="), "at least one paced probe: " + first.stdout());

    RateSearch.Bracket b = StudyTable.read(study).search().orElseThrow();
    assertTrue(b.ended(), b.toString());
    assertTrue(b.high() - b.low() <= 0.10 * b.high(), "within 10%: " + b);
    // the capacity holds at 95 % of any rate up to capacity / 0.95; below 90 % of it the search stopped short
    assertTrue(b.low() >= 0.9 * CAPACITY * 0.9 && b.low() <= CAPACITY / 0.95, "near " + CAPACITY + ": " + b);
    String line = "rate search: " + b.describe(1, 250);
    assertTrue(first.stdout().contains(line), line + " in " + first.stdout());
    String table = Files.readString(study.resolve("table.txt"));
    assertTrue(table.contains("Rate search: the highest offered rate achieved"), table);
    assertTrue(table.contains(b.describe(1, 250)), table);
    List<PointState> points = Study.read(study).points();
    assertTrue(points.stream().allMatch(p -> p.status() == PointState.Status.DONE), points.toString());
    assertTrue(Files.readString(study.resolve("study.html")).contains("Rate search: the highest offered rate"));

    KitProcess.Finished again = KitProcess.run(Files.createDirectories(work.resolve("again")), 2, args);
    assertEquals(0, again.exitCode(), again.stderr());
    assertFalse(again.stdout().contains(": started"), "nothing run again: " + again.stdout());
    assertTrue(again.stdout().contains(line), again.stdout());
    assertEquals(points, Study.read(study).points());
  }
}
