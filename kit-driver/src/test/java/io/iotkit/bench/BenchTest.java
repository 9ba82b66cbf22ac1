package io.iotkit.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.iotkit.binding.Acknowledgement;
import io.iotkit.binding.BindingProvider;
import io.iotkit.binding.KitBinding;
import io.iotkit.binding.Reading;
import io.iotkit.binding.StoreAdmin;
import io.iotkit.model.BenchResult;
import io.iotkit.model.Json;
import io.iotkit.process.LocalServer;
import io.iotkit.process.LocalSetup;
import io.iotkit.report.BenchReport;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/** The bench's shape and arithmetic; it asserts nothing about speed. */
class BenchTest {

  /** A part of made-up operations, plainly labelled. */
  private interface Given extends BenchPart {
    @Override
    default String unit() {
      return "ops/s";
    }

    @Override
    default String kitLabel() {
      return "kit";
    }

    @Override
    default String referenceLabel() {
      return "reference";
    }
  }

  /** A part whose rates are given, so the figures it makes can be checked exactly. */
  private record GivenRates(List<Double> kitRates, List<Double> referenceRates, List<BenchPart.Side> calls)
      implements Given {
    GivenRates(List<Double> kit, List<Double> reference) {
      this(new ArrayList<>(kit), new ArrayList<>(reference), new ArrayList<>());
    }

    @Override
    public String name() {
      return "given <rates>";
    }

    @Override
    public BenchResult.Targets targets() {
      return new BenchResult.Targets(2.0, 0.6, null);
    }

    /** The given rate in wall time; twice it per CPU second (as if the JVM had half a core). */
    @Override
    public Round round(Side side, double seconds) {
      calls.add(side);
      double rate = (side == Side.KIT ? kitRates : referenceRates).remove(0);
      return new Round((long) rate, 1.0, 0.5);
    }
  }

  @Test
  void ratiosAreOfTheMediansOfTheMeasuredRoundsAfterTheWarmup() throws Exception {
    // Warmup rates (the first two of each list, steady at the second) are wild on purpose: they must not count.
    GivenRates part = new GivenRates(List.of(1.0, 1.0, 300.0, 100.0, 200.0),
        List.of(1e9, 1e9, 100.0, 50.0, 400.0));
    BenchResult r = Bench.run(List.of(part), 3, 0.01, line -> { });
    BenchResult.Figure f = r.figures().get(0);
    assertEquals(List.of(BenchPart.Side.KIT, BenchPart.Side.REFERENCE, BenchPart.Side.KIT, BenchPart.Side.REFERENCE,
        BenchPart.Side.KIT,
        BenchPart.Side.REFERENCE, BenchPart.Side.REFERENCE, BenchPart.Side.KIT, BenchPart.Side.KIT,
        BenchPart.Side.REFERENCE), part.calls(), "warmup, then the order alternates");
    assertEquals(200.0, f.kitMedian());
    assertEquals(100.0, f.referenceMedian());
    assertEquals(2.0, f.ratio());
    assertEquals(List.of(600.0, 200.0, 400.0), Arrays.stream(f.kitPerCpuSecond()).boxed().toList());
    assertEquals(2.0, f.ratioPerCpuSecond());
    assertEquals((300.0 - 100.0) / 200.0, f.kitSpread(), 1e-9);

    JsonNode json = Json.mapper().readTree(Json.bytes(r));
    JsonNode fig = json.get("figures").get(0);
    assertEquals(2.0, fig.get("ratio").asDouble());
    assertEquals(200.0, fig.get("kitMedian").asDouble());
    assertEquals(3, fig.get("kit").size());
    assertEquals(2.0, fig.get("targets").get("rate").asDouble());
    JsonNode rate = fig.get("comparisons").get(0);
    assertEquals("rate (wall clock)", rate.get("quantity").asText());
    assertEquals(2.0, rate.get("ratio").get("ratio").asDouble());
    assertEquals("UNDECIDED", rate.get("verdict").asText(), "3 rounds are too few for a verdict");
    assertEquals(2, fig.get("comparisons").size(), "no server, so no server rows");
    assertEquals(3, json.get("rounds").asInt());
    assertTrue(json.get("machine").has("cpuModel"));

    String html = BenchReport.html(r);
    for (String id : BenchReport.CHART_IDS) {
      assertTrue(html.contains("<figure id=\"" + id + "\" class=\"chart\">"), id);
    }
    assertTrue(html.contains("given &lt;rates&gt;"), "figure names are escaped");
    assertTrue(html.contains("<svg"));
    String text = BenchReport.text(r);
    assertTrue(text.lines().anyMatch(l -> l.startsWith("given <rates>") && l.contains("2.000")
        && l.contains("≥ 2.00") && l.contains("undecided")), text);
  }

  /** A part whose rounds are given whole, server counters included. */
  private record GivenRounds(List<Round> kit, List<Round> reference, BenchResult.Targets targets)
      implements Given {
    @Override
    public String name() {
      return "given rounds";
    }

    @Override
    public Round round(Side side, double seconds) {
      return (side == Side.KIT ? kit : reference).remove(0);
    }
  }

  private static List<BenchPart.Round> rounds(int n, long ops, double wall, double cpu, double serverCpu,
                                              double written) {
    List<BenchPart.Round> rounds = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      // a little noise, the same on both sides' values so the ratios' intervals are narrow but not points
      double jitter = 1 + (i % 3) * 0.01;
      rounds.add(new BenchPart.Round(ops, wall * jitter, cpu * jitter, 0, 0, serverCpu * jitter, written, 0));
    }
    return rounds;
  }

  @Test
  void verdictsFollowTheIntervalsAgainstTheTargetsAndTheServersCountersAreComparedPerOperation() throws Exception {
    // warmup: two rounds each (the second steady), then 10 measured rounds per side
    int total = 2 + 10;
    GivenRounds part = new GivenRounds(
        rounds(total, 10_000, 1.0, 2.0, 1.0, 3e7),  // kit: 10,000 ops/s, 2 CPU s, server 1 CPU s, 3,000 B per op
        rounds(total, 10_000, 1.05, 1.0, 1.0, 2e7), // reference: 9,524 ops/s, 1 CPU s, server 1 CPU s, 2,000 B
        new BenchResult.Targets(0.95, 1.15, 1.05));
    BenchResult r = Bench.run(List.of(part), 10, 0.01, line -> { });
    List<BenchResult.Comparison> c = r.figures().get(0).comparisons();
    assertEquals(List.of("rate (wall clock)", "client CPU per 10,000", "server CPU per 10,000",
        "server disk written per operation"), c.stream().map(BenchResult.Comparison::quantity).toList());
    assertEquals(1.05, c.get(0).ratio().ratio(), 1e-9);
    assertEquals(BenchResult.Verdict.MET, c.get(0).verdict(), "1.05 against at least 0.95");
    assertEquals(2.0, c.get(1).ratio().ratio(), 1e-9);
    assertEquals(2.0, c.get(1).kitMedian(), 0.03, "CPU s per 10,000 operations");
    assertEquals(BenchResult.Verdict.MISSED, c.get(1).verdict(), "2.0 against at most 1.15");
    assertEquals(1.0, c.get(2).ratio().ratio(), 1e-9);
    assertEquals(BenchResult.Verdict.MET, c.get(2).verdict());
    assertEquals(3000.0, c.get(3).kitMedian(), 1e-9);
    assertEquals(1.5, c.get(3).ratio().ratio(), 1e-9);
    assertEquals(BenchResult.Verdict.NONE, c.get(3).verdict(), "disk written has no target");
    for (BenchResult.Comparison each : c) {
      assertTrue(each.ratio().low() <= each.ratio().ratio() && each.ratio().ratio() <= each.ratio().high(),
          each.quantity());
    }
    String text = BenchReport.text(r);
    assertTrue(text.contains("missed") && text.contains("met"), text);
    String md = BenchReport.markdown(r);
    assertTrue(md.contains("| given rounds | rate (wall clock) |"), md);
    assertTrue(md.contains("| client CPU per 10,000 | 2.020 CPU s | 1.010 CPU s | 2.000 |"), md);
    String figures = md.substring(0, md.indexOf("| measurement | value |"));
    assertTrue(figures.lines().filter(l -> l.startsWith("| ")).allMatch(l -> l.split(" \\| ", -1).length == 8), md);
    assertTrue(md.contains("| JIT compiler, given rounds, kit side | "), "the compiler's CPU, left out, is shown: " + md);
  }

  @Test
  void aListenerHearsEachMeasuredRoundOfEachSide() throws Exception {
    List<BenchPart.Round> kit = rounds(12, 10_000, 1.0, 0.5, Double.NaN, Double.NaN);
    List<BenchPart.Round> reference = rounds(12, 10_000, 0.8, 0.4, Double.NaN, Double.NaN);
    List<String> heard = new ArrayList<>();
    List<Double> kitRates = new ArrayList<>();
    BenchResult r = Bench.runGroups(List.of(PartGroup.of(List.of(new GivenRounds(kit, reference,
        BenchResult.Targets.NONE)))), 10, 0.01, null, line -> { }, (figure, side, round, m) -> {
          heard.add(figure + " " + side + " " + round);
          if (side == BenchPart.Side.KIT) {
            kitRates.add(m.rate());
          }
        });
    assertEquals(20, heard.size(), heard.toString());
    assertEquals("given rounds KIT 1", heard.get(0));
    assertEquals("given rounds REFERENCE 10", heard.get(19));
    double[] measured = r.figures().get(0).kit().clone();
    Arrays.sort(measured);
    assertArrayEquals(measured, kitRates.stream().mapToDouble(Double::doubleValue).sorted().toArray(), 1e-9,
        "the rounds heard are the rounds measured");
  }

  @Test
  void aRatioWhoseIntervalStraddlesItsTargetIsUndecided() throws Exception {
    List<BenchPart.Round> kit = new ArrayList<>();
    List<BenchPart.Round> reference = new ArrayList<>();
    for (int i = 0; i < 12; i++) {
      // rounds alternate between well above and well below the target of 0.95
      kit.add(new BenchPart.Round(10_000, i % 2 == 0 ? 1.0 : 1.25, 1.0));
      reference.add(new BenchPart.Round(10_000, i % 2 == 0 ? 1.25 : 1.0, 1.0));
    }
    BenchResult r = Bench.run(List.of(new GivenRounds(kit, reference, new BenchResult.Targets(0.95, null, null))),
        10, 0.01, line -> { });
    BenchResult.Comparison rate = r.figures().get(0).comparisons().get(0);
    assertTrue(rate.ratio().low() < 0.95 && rate.ratio().high() > 0.95, rate.toString());
    assertEquals(BenchResult.Verdict.UNDECIDED, rate.verdict());
    assertEquals(2, r.figures().get(0).comparisons().size(), "no server counters, no server rows");
  }

  @Test
  void theServerFreePartsRunAndTheirRatiosComeFromTheirOwnRounds() throws Exception {
    BenchResult r = Bench.run(Bench.serverFree(new Sink(), List.of(1, 2)), 1, 0.02, line -> { });
    assertEquals(List.of("generation into the sink, 1 thread", "generation into the sink, 2 threads",
        "measurement on / off, 1 thread", "measurement on / off, 2 threads"),
        r.figures().stream().map(BenchResult.Figure::name).toList());
    for (BenchResult.Figure f : r.figures()) {
      assertTrue(f.kit()[0] > 0 && f.reference()[0] > 0, f.name());
      assertEquals(f.kit()[0] / f.reference()[0], f.ratio(), 1e-12, f.name());
      assertEquals(f.kitPerCpuSecond()[0] / f.referencePerCpuSecond()[0], f.ratioPerCpuSecond(), 1e-12, f.name());
    }
  }

  /** A sink as the null binding is: reads every byte, keeps nothing. */
  private static final class Sink implements BindingProvider {
    @Override
    public String name() {
      return "test-sink";
    }

    @Override
    public KitBinding newBinding() {
      return new KitBinding() {
        long sum;

        @Override
        public void write(Reading reading, Acknowledgement ack) {
          sum += reading.bytes();
          ack.acknowledged();
        }

        @Override
        public void flush() {
        }

      };
    }

    @Override
    public StoreAdmin openAdmin(Properties properties) {
      throw new UnsupportedOperationException("the bench's server-free parts ask the store nothing");
    }

    @Override
    public Optional<LocalServer> localServer(Properties properties, LocalSetup setup) {
      return Optional.empty();
    }
  }

  @Test
  void aRoundFarLongerThanAskedGivesItsFigureUp() throws Exception {
    // 2 s asked: 50 s pass (20 times, plus 10 s of grace), 51 s do not
    Bench.checkRoundTime("full workload, mongodb, 10 threads", BenchPart.Side.KIT, 50, 2);
    Bench.FigureGivenUp e = assertThrows(Bench.FigureGivenUp.class,
        () -> Bench.checkRoundTime("full workload, mongodb, 10 threads", BenchPart.Side.REFERENCE, 51, 2));
    assertEquals("full workload, mongodb, 10 threads: a round of the reference side took 51 s against about 2.0 s"
        + " asked (more than 50 s): the store slowed down as it filled; the figure and the store's later ones are"
        + " not measured", e.getMessage());
  }

  @Test
  void aFigureGivenUpIsNamedOnceAndOtherFailuresWithTheirStore() throws Exception {
    List<String> said = new ArrayList<>();
    BenchResult r = Bench.runGroups(List.of(failing("mongodb", new Bench.FigureGivenUp(
        "full workload, mongodb, 10 threads: a round took too long")), failing("influxdb",
        new java.io.IOException("influxd is not on this machine"))), 10, 1, null, said::add);
    assertEquals(List.of("full workload, mongodb, 10 threads: a round took too long",
        "influxdb: influxd is not on this machine"), r.failures());
    assertEquals(List.of("  not measured: full workload, mongodb, 10 threads: a round took too long",
        "  not measured: influxdb: influxd is not on this machine"), said);
  }

  private static PartGroup failing(String name, Exception failure) {
    return new PartGroup() {
      @Override
      public String name() {
        return name;
      }

      @Override
      public List<BenchPart> open() throws Exception {
        throw failure;
      }

      @Override
      public void close() {
      }
    };
  }
}
