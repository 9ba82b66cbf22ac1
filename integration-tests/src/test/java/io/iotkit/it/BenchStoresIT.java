package io.iotkit.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iotkit.model.BenchResult;
import io.iotkit.model.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bench --bindings hbase}: the store parts end to end on the embedded HBase, started once (pinned to a CPU
 * of its own) and stopped at the end with its data purged; and a binding without a plain client loop is bad input.
 */
@Tag("wide")
class BenchStoresIT {

  @Test
  void hbasePartsRunOnTheEmbeddedServerAndLeaveNothingBehind(@TempDir Path work) throws Exception {
    Path out = work.resolve("bench");
    KitProcess.Finished f = KitProcess.run(work, 6, "bench", "--bindings", "hbase", "--threads", "1",
        "--store-threads", "2", "--rounds", "1", "--round-seconds", "0.5", "--pin-cpus", "--out", out.toString());
    assertEquals(0, f.exitCode(), f.stderr());
    assertFalse(f.stdout().contains("\tat "), "library output goes to bench.log, not among the figures");

    BenchResult r = Json.read(out.resolve("bench.json"), BenchResult.class);
    assertTrue(r.pinning().startsWith("client (the bench JVM) on CPUs 0") && r.pinning().contains("local server on"),
        r.pinning());
    assertTrue(Files.readString(out.resolve("bench.md")).contains("| ingest path, hbase, 2 threads |"));
    List<String> names = r.figures().stream().map(BenchResult.Figure::name).toList();
    assertTrue(names.containsAll(List.of("ingest path, hbase, 2 threads", "full workload, hbase, 2 threads")),
        names.toString());
    for (BenchResult.Figure fig : r.figures()) {
      assertTrue(fig.kitMedian() > 0 && fig.referenceMedian() > 0 && fig.ratio() > 0, fig.name());
    }
    assertEquals(0.95, figure(r, "ingest path, hbase").targets().rate());
    assertEquals(1.15, figure(r, "ingest path, hbase").targets().clientCpu());
    assertEquals(0.9, figure(r, "full workload, hbase").targets().rate());
    assertTrue(figure(r, "full workload, hbase").referenceLabel().contains("dashboard's queries"));
    // the embedded server's own processes are read on both sides: its CPU and disk written per reading
    for (BenchResult.Figure fig : r.figures().stream().filter(x -> x.name().contains("hbase")).toList()) {
      List<String> quantities = fig.comparisons().stream().map(BenchResult.Comparison::quantity).toList();
      assertEquals(List.of("rate (wall clock)", "client CPU per 10,000", "server CPU per 10,000",
          "server disk written per operation"), quantities, fig.name());
      BenchResult.Comparison server = fig.comparisons().get(2);
      assertTrue(server.kitMedian() > 0 && server.referenceMedian() > 0, fig.name() + ": " + server);
      assertTrue(fig.comparisons().stream().allMatch(c -> c.verdict() == (c.target() == null
          ? BenchResult.Verdict.NONE : BenchResult.Verdict.UNDECIDED)), "one round decides nothing: " + fig);
    }
    // the JIT compiler's CPU, left out of each side's client CPU, is shown for each side of each figure
    List<BenchResult.Measurement> jit = r.measurements().stream().filter(m -> m.name().startsWith("JIT compiler, "))
        .toList();
    assertEquals(2 * r.figures().size(), jit.size(), jit.toString());
    assertTrue(jit.stream().allMatch(m -> m.median() >= 0 && m.unit().equals("CPU ms per 10,000")), jit.toString());
    List<BenchResult.Measurement> measured = r.measurements().stream().filter(m -> !jit.contains(m)).toList();
    assertEquals(List.of("instance resources, hbase, 2 threads: resident memory", "disk held, hbase",
        "disk held above the empty server, hbase"), measured.stream().map(BenchResult.Measurement::name).toList());
    for (BenchResult.Measurement m : measured) {
      assertTrue(m.median() > 0, m.name() + " " + m.median());
    }
    // the whole folder is shown; the ceiling is on what it grew by, which is less
    assertEquals(BenchResult.Verdict.NONE, measured.get(1).verdict());
    BenchResult.Measurement held = measured.get(2);
    assertTrue(held.max() < measured.get(1).max(), held + " " + measured.get(1));
    assertEquals(2.0, held.ceiling());
    assertTrue(held.verdict() == BenchResult.Verdict.MET || held.verdict() == BenchResult.Verdict.MISSED, held.toString());
    assertTrue(f.stdout().contains("disk held, hbase: "), f.stdout());
    assertTrue(f.stdout().contains("ingest path, hbase, 2 threads"), f.stdout());
    // The server's folder is deleted only once purge() returned, after the server was stopped.
    assertFalse(Files.exists(out.resolve("sut-hbase")), "purged, and the server's folder removed");
    KitProcess.assertNothingLeft(out, 30);
  }

  @Test
  void aBindingWithoutAPlainClientLoopIsBadInput(@TempDir Path work) throws Exception {
    KitProcess.Finished f = KitProcess.run(work, 2, "bench", "--bindings", "null", "--out",
        work.resolve("b").toString());
    assertEquals(2, f.exitCode(), f.stderr());
    String err = f.stderr().strip();
    assertEquals(1, err.lines().count(), err);
    assertTrue(err.contains("null has no plain client loop"), err);
    assertFalse(err.contains("\tat "), err);

    KitProcess.Finished figure = KitProcess.run(work, 2, "bench", "--bindings", "hbase", "--store-figures",
        "ingest,queries", "--out", work.resolve("c").toString());
    assertEquals(2, figure.exitCode(), figure.stderr());
    assertEquals(1, figure.stderr().strip().lines().count(), figure.stderr());
    assertTrue(figure.stderr().contains("--store-figures: no figure 'queries'; the figures are ingest, measurement"
        + " and full"), figure.stderr());
  }

  private static BenchResult.Figure figure(BenchResult r, String prefix) {
    return r.figures().stream().filter(f -> f.name().startsWith(prefix)).findFirst().orElseThrow();
  }
}
