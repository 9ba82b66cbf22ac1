package io.iotkit.bench;

import io.iotkit.binding.BindingProvider;
import io.iotkit.environment.EnvironmentProbe;
import io.iotkit.model.BenchResult;
import io.iotkit.model.UtcTime;
import io.iotkit.report.BenchReport;
import io.iotkit.sut.SutSession;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.function.Consumer;
import java.util.function.ToDoubleFunction;

/**
 * The kit's benchmark of itself ({@code tpcx-iot.sh bench}): runs each {@link BenchPart}'s two sides in
 * alternating rounds, after warmup rounds, so both see the same JIT state, GC and machine load.
 * It reports ratios of medians and asserts nothing about speed.
 */
public final class Bench {
  static final int MAX_WARMUPS = 6;
  /**
   * A round may last this many times the seconds asked (plus {@link #ROUND_GRACE_SECONDS}) before its figure is
   * given up: a store that slows down as it fills (an emulator whose window queries read every document) would
   * otherwise make each round longer than the last, and the bench would never end.
   */
  static final double ROUND_LIMIT_FACTOR = 20;
  static final double ROUND_GRACE_SECONDS = 10;

  private Bench() {
  }

  /** Target: the kit generates at least twice as fast per thread as YCSB's CoreWorkload. */
  static final BenchResult.Targets GENERATION_TARGETS = new BenchResult.Targets(2.0, null, null);
  /**
   * Target beside a store: measurement adds at most 2 % to the client's CPU time per reading. Into the sink, whose
   * insert costs next to nothing, measurement's cost shows in full, and there is no target.
   */
  static final BenchResult.Targets MEASUREMENT_TARGETS = new BenchResult.Targets(null, 1.02, null);

  /**
   * The parts that need no server, per thread count. Generation: the kit's driver instance against YCSB's
   * CoreWorkload, 1 KB readings into the same sink with as many threads; the kit measures as a run does, YCSB
   * has nothing around its calls, so the comparison leans toward YCSB. Measurement: the kit's instance with
   * insert histograms and per-second sampling against the same instance with both off.
   */
  public static List<BenchPart> serverFree(BindingProvider sink, List<Integer> threadCounts) {
    List<BenchPart> parts = new ArrayList<>();
    for (int t : threadCounts) {
      parts.add(new PairedPart("generation into the sink, " + threads(t), "kvps/s",
          "kit instance (KvpGenerator, IotWorkload), measured", "YCSB CoreWorkload.doInsert, 10 x 100 B fields",
          GENERATION_TARGETS, new KitIngest(sink, new Properties(), t, true)::round,
          new YcsbInserts(sink, new Properties(), t)::round));
    }
    for (int t : threadCounts) {
      parts.add(new PairedPart("measurement on / off, " + threads(t), "kvps/s",
          "kit instance, insert histograms and per-second sampling on", "kit instance, measurement off",
          BenchResult.Targets.NONE, new KitIngest(sink, new Properties(), t, true)::round,
          new KitIngest(sink, new Properties(), t, false)::round));
    }
    return parts;
  }

  /**
   * Runs every part: warmup rounds of each side, then {@code rounds} of each, the order alternating from one
   * round to the next so neither side always runs on a machine the other has just warmed.
   *
   * @param progress receives one line per figure as it is done
   */
  public static BenchResult run(List<BenchPart> parts, int rounds, double roundSeconds, Consumer<String> progress)
      throws Exception {
    return runGroups(List.of(PartGroup.of(parts)), rounds, roundSeconds, null, progress);
  }

  /**
   * Runs the parts of each group as {@link #run} does, one group open at a time: a group is opened, its parts
   * run, and it is closed before the next is opened. A group that fails is closed and named among the result's
   * failures, and the next one runs; bad input ({@link SutSession.BadSetupException}) ends the bench.
   */
  public static BenchResult runGroups(List<PartGroup> groups, int rounds, double roundSeconds,
                                      Consumer<String> progress) throws Exception {
    return runGroups(groups, rounds, roundSeconds, null, progress);
  }

  /**
   * As {@link #runGroups(List, int, double, Consumer)}, with this JVM pinned to the client's CPUs of
   * {@code pinning} first (the groups pin their servers), or nothing pinned when it is null.
   */
  public static BenchResult runGroups(List<PartGroup> groups, int rounds, double roundSeconds, CpuSplit pinning,
                                      Consumer<String> progress) throws Exception {
    return runGroups(groups, rounds, roundSeconds, pinning, progress, RoundListener.NONE);
  }

  /** As {@link #runGroups(List, int, double, CpuSplit, Consumer)}, with {@code rounds} told of each measured round. */
  public static BenchResult runGroups(List<PartGroup> groups, int rounds, double roundSeconds, CpuSplit pinning,
                                      Consumer<String> progress, RoundListener listener) throws Exception {
    if (pinning != null) {
      try {
        pinning.pinClient();
      } catch (IOException e) {
        throw new SutSession.SutException("--pin-cpus: " + e.getMessage());
      }
    }
    String started = UtcTime.of(Instant.now());
    double[] loadBefore = loadAverage();
    List<BenchResult.Figure> figures = new ArrayList<>();
    List<BenchResult.Measurement> measurements = new ArrayList<>();
    List<String> failures = new ArrayList<>();
    for (PartGroup group : groups) {
      try (group) {
        for (BenchPart part : group.open()) {
          figures.add(measure(part, rounds, roundSeconds, progress, measurements, listener));
        }
        for (BenchResult.Measurement m : group.measurements()) {
          measurements.add(m);
          progress.accept(String.format("  %s: %s", m.name(), BenchReport.value(m)));
        }
      } catch (SutSession.BadSetupException | InterruptedException e) {
        throw e;
      } catch (Exception e) {
        // One store that cannot be measured (its server missing, a write refused) leaves the others' figures
        // standing: the next group runs, and the result names what was not measured.
        String failure = e instanceof FigureGivenUp ? e.getMessage()
            : group.name() + ": " + (e.getMessage() == null ? e.toString() : e.getMessage());
        failures.add(failure);
        progress.accept("  not measured: " + failure);
      }
    }
    return new BenchResult(started, EnvironmentProbe.collect(List.of()), loadBefore, loadAverage(), rounds,
        roundSeconds, figures, measurements, pinning == null ? BenchResult.UNPINNED : pinning.describe(), failures);
  }

  private static BenchResult.Figure measure(BenchPart part, int rounds, double roundSeconds,
                                            Consumer<String> progress, List<BenchResult.Measurement> measurements,
                                            RoundListener listener) throws Exception {
    warmUp(part, roundSeconds);
    BenchPart.Round[] kit = new BenchPart.Round[rounds];
    BenchPart.Round[] reference = new BenchPart.Round[rounds];
    for (int r = 0; r < rounds; r++) {
      boolean kitFirst = r % 2 == 0;
      if (kitFirst) {
        kit[r] = round(part, BenchPart.Side.KIT, roundSeconds);
      }
      reference[r] = round(part, BenchPart.Side.REFERENCE, roundSeconds);
      if (!kitFirst) {
        kit[r] = round(part, BenchPart.Side.KIT, roundSeconds);
      }
      listener.round(part.name(), BenchPart.Side.KIT, r + 1, kit[r]);
      listener.round(part.name(), BenchPart.Side.REFERENCE, r + 1, reference[r]);
    }
    BenchResult.Figure f = new BenchResult.Figure(part.name(), part.unit(), part.kitLabel(),
        part.referenceLabel(), rates(kit, BenchPart.Round::rate), rates(reference, BenchPart.Round::rate),
        rates(kit, BenchPart.Round::ratePerCpuSecond), rates(reference, BenchPart.Round::ratePerCpuSecond),
        known(kit, reference, BenchPart.Round::serverCpuPer10k), known(reference, kit, BenchPart.Round::serverCpuPer10k),
        known(kit, reference, BenchPart.Round::serverWrittenPerOperation),
        known(reference, kit, BenchPart.Round::serverWrittenPerOperation), part.targets());
    for (BenchResult.Comparison c : f.comparisons()) {
      progress.accept(String.format("  %s, %s: ratio %.3f [%.3f, %.3f]%s", f.name(), c.quantity(),
          c.ratio().ratio(), c.ratio().low(), c.ratio().high(),
          c.verdict() == BenchResult.Verdict.NONE ? "" : ", " + c.verdict().name().toLowerCase()));
    }
    for (BenchResult.Measurement m : jitCpu(f.name(), kit, reference)) {
      measurements.add(m);
      progress.accept(String.format("  %s: %.2f %s", m.name(), m.median(), m.unit()));
    }
    if (part.resourcesName() != null) {
      for (BenchResult.Measurement m : resources(part.resourcesName(), part.kitLabel(), kit)) {
        measurements.add(m);
        progress.accept(String.format("  %s: %.2f %s", m.name(), m.median(), m.unit()));
      }
    }
    return f;
  }

  /**
   * The kit side's resident memory at the end of each measured round. The kit's instance runs in this JVM, so it
   * is the whole bench JVM's: the instance with its store client, plus the bench itself and the idle reference
   * client; the store's server is a process of its own and not in it. (The side's CPU per reading is among the
   * figure's comparisons.)
   */
  static List<BenchResult.Measurement> resources(String name, String kitLabel, BenchPart.Round[] kit) {
    double[] mib = Arrays.stream(kit).mapToDouble(r -> r.residentBytes() / (1024.0 * 1024)).toArray();
    return List.of(new BenchResult.Measurement(name + ": resident memory", "MiB",
        "resident set (VmRSS) at the end of each measured round of the bench JVM while it ran the kit side ("
            + kitLabel + "): the instance and its store client, plus the bench and the reference's idle client; the"
            + " store's server runs in a process of its own", mib));
  }

  /**
   * The JIT compiler's CPU per 10,000 operations in each side's measured rounds: left out of the sides' client CPU,
   * since the compiler works for the whole JVM, whichever side's round it happens to run in, and for its first
   * minutes rather than per operation; reported so that what was left out is seen.
   */
  static List<BenchResult.Measurement> jitCpu(String figure, BenchPart.Round[] kit, BenchPart.Round[] reference) {
    String what = "CPU time of the bench JVM's JIT compiler threads (C1, C2) during each measured round of the %s"
        + " side, per 10,000 operations; not in the side's client CPU per 10,000";
    return List.of(
        new BenchResult.Measurement("JIT compiler, " + figure + ", kit side", "CPU ms per 10,000",
            String.format(what, "kit"), rates(kit, r -> 1_000 * r.jitCpuPer10k())),
        new BenchResult.Measurement("JIT compiler, " + figure + ", reference side", "CPU ms per 10,000",
            String.format(what, "reference"), rates(reference, r -> 1_000 * r.jitCpuPer10k())));
  }

  private static double[] rates(BenchPart.Round[] rounds, ToDoubleFunction<BenchPart.Round> rate) {
    return Arrays.stream(rounds).mapToDouble(rate).toArray();
  }

  /** A per-round value of {@code rounds}, or none unless it is known in every round of both sides. */
  private static double[] known(BenchPart.Round[] rounds, BenchPart.Round[] other,
                                ToDoubleFunction<BenchPart.Round> value) {
    boolean all = Arrays.stream(rounds).mapToDouble(value).allMatch(Double::isFinite)
        && Arrays.stream(other).mapToDouble(value).allMatch(Double::isFinite);
    return all ? rates(rounds, value) : new double[0];
  }

  /**
   * Warmup rounds of both sides until each side's rate stops climbing (within 10 % of its round before), at
   * most {@value #MAX_WARMUPS} each: on a loaded machine the JIT's compiler threads get little time, and a side
   * can run interpreted for seconds.
   */
  private static void warmUp(BenchPart part, double roundSeconds) throws Exception {
    double kit = 0;
    double reference = 0;
    for (int n = 0; n < MAX_WARMUPS; n++) {
      double k = round(part, BenchPart.Side.KIT, roundSeconds).ratePerCpuSecond();
      double r = round(part, BenchPart.Side.REFERENCE, roundSeconds).ratePerCpuSecond();
      boolean steady = k < kit * 1.1 && r < reference * 1.1;
      kit = k;
      reference = r;
      if (steady) {
        return;
      }
    }
  }

  /** One round of one side, given up when it took far longer than asked (see {@link #ROUND_LIMIT_FACTOR}). */
  private static BenchPart.Round round(BenchPart part, BenchPart.Side side, double roundSeconds) throws Exception {
    long start = System.nanoTime();
    BenchPart.Round round = part.round(side, roundSeconds);
    checkRoundTime(part.name(), side, (System.nanoTime() - start) / 1e9, roundSeconds);
    return round;
  }

  /** Throws, naming the figure, when a round of {@code seconds} took more than its limit. */
  static void checkRoundTime(String figure, BenchPart.Side side, double seconds, double roundSeconds)
      throws FigureGivenUp {
    double limit = ROUND_LIMIT_FACTOR * roundSeconds + ROUND_GRACE_SECONDS;
    if (seconds > limit) {
      throw new FigureGivenUp(String.format(Locale.ROOT, "%s: a round of the %s side took %.0f s against"
          + " about %.1f s asked (more than %.0f s): the store slowed down as it filled; the figure and the store's"
          + " later ones are not measured", figure, side == BenchPart.Side.KIT ? "kit" : "reference", seconds,
          roundSeconds, limit));
    }
  }

  /** A figure whose rounds ran far longer than asked; its message names the figure, and with it the store. */
  static final class FigureGivenUp extends Exception {
    FigureGivenUp(String message) {
      super(message);
    }
  }

  /** The 1, 5 and 15 minute load averages, or none where /proc/loadavg cannot be read. */
  static double[] loadAverage() {
    try {
      String[] f = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
      return Arrays.stream(f, 0, 3).mapToDouble(Double::parseDouble).toArray();
    } catch (IOException | RuntimeException e) {
      return new double[0];
    }
  }

  static String threads(int n) {
    return n + (n == 1 ? " thread" : " threads");
  }
}
