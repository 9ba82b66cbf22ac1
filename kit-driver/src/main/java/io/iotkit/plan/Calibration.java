package io.iotkit.plan;

import io.iotkit.binding.BindingProvider;
import io.iotkit.binding.Replication;
import io.iotkit.check.FileCheck;
import io.iotkit.files.FileTrees;
import io.iotkit.model.Environment;
import io.iotkit.model.PhaseResult;
import io.iotkit.model.ResourceUsage;
import io.iotkit.model.RunPlan;
import io.iotkit.model.SutOutage;
import io.iotkit.progress.RunConsole;
import io.iotkit.protocol.ExecutionSession;
import io.iotkit.protocol.ExecutionSession.Failure;
import io.iotkit.protocol.RunConfig;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import site.ycsb.DBException;

/**
 * The calibration of a plan: against the SUT a run would use, started or reached as a run does, one short probe
 * execution (P x 20,000 kvps) to estimate the rate, then one execution sized to last about the asked seconds, whose
 * rate the plan uses (sized again from its own rate if it lasted under half that, at most twice). None is a result. Around them it times what a run also does (file check, SUT start, prepare,
 * the data check's count, the purge, the SUT's stop), measures a local server's folder as it grows, and at the end
 * purges what it wrote and stops a server it started.
 */
public final class Calibration {
  /** kvps per instance of the probe that sizes the calibration execution. */
  public static final long PROBE_KVPS_PER_INSTANCE = 20_000;
  /** Times a calibration execution shorter than half the asked time is sized again. */
  static final int MAX_RESIZES = 2;

  /**
   * What the calibration measured.
   *
   * @param executions  the probe, then each calibration execution; the last is the one the plan uses
   * @param wallSeconds each execution's wall time, from launching its instances to having their results
   * @param growthBytes the local server's folder's largest growth; null for a SUT the kit did not start
   * @param freeBytes   free space where a run's local server would keep its data; null for a SUT the kit did not start
   * @param filesystem  the folder that free space was read on (the results folder); null likewise
   * @param emulator    the binding's line saying the SUT is an emulator of the store, not the store; empty for the
   *                    store itself
   */
  public record Outcome(String sut, boolean local, Replication replication, List<PhaseResult> executions,
                        List<Double> wallSeconds, RunPlan.Measured measured, Long growthBytes, Long freeBytes,
                        String filesystem, WallTime.Restart restart, List<SutOutage> outages,
                        java.util.Optional<String> emulator) {

    /** The execution whose rate the plan uses: the last. */
    public PhaseResult calibration() {
      return executions.get(executions.size() - 1);
    }

    /**
     * The local server's CPU seconds per second over the calibration execution, all its processes together; null
     * for a SUT the kit did not start, or when none of its processes was sampled.
     */
    public Double sutCpuSeconds() {
      var sut = calibration().resources() == null ? List.<ResourceUsage.ProcessUsage>of()
          : calibration().resources().processesOf("sut");
      if (!local || sut.isEmpty()) {
        return null;
      }
      return sut.stream().mapToDouble(p -> ResourceUsage.Summary.of(p.cpuSeconds()).mean()).sum();
    }
  }

  private Calibration() {
  }

  /**
   * @param config  the run's settings (its K is not used)
   * @param seconds about how long the calibration execution should last
   * @param dir     the plan's folder: the local server's data, the instances' files and logs
   */
  public static Outcome run(RunConfig config, BindingProvider provider, Environment environment, Path dir,
                            double seconds, RunConsole out) throws Failure, IOException {
    out.line("file check ...");
    long t0 = System.nanoTime();
    FileCheck.run(config.kit());
    double fileCheck = since(t0);
    out.line("starting or connecting to the SUT (" + provider.name() + ") ...");
    t0 = System.nanoTime();
    ExecutionSession session = ExecutionSession.open(config, provider, environment, dir, out);
    double sutStart = since(t0);
    boolean local = session.sut().embedded();
    String sut = session.sut().description();
    out.line("SUT: " + sut);
    boolean closed = false;
    try {
      Replication replication = session.sut().admin().replication();
      java.util.Optional<String> emulator = session.sut().admin().emulator();
      WallTime.Restart restart = local ? WallTime.Restart.LOCAL
          : session.restartConfigured() ? WallTime.Restart.COMMAND : WallTime.Restart.NONE;
      List<String> substations = session.substations(ExecutionSession.tag(System.currentTimeMillis()), 1);
      t0 = System.nanoTime();
      session.sut().admin().prepare(substations);
      double prepare = since(t0);

      List<PhaseResult> executions = new ArrayList<>();
      long probeCounted = 0;
      double probeCount = 0;
      List<Double> walls = new ArrayList<>();
      Long growth = null;
      try (FolderGrowth folder = local ? FolderGrowth.start(session.sutFolder()) : null) {
        long kvps = PROBE_KVPS_PER_INSTANCE * config.substations();
        out.line(String.format(Locale.ROOT, "calibration probe: %,d kvps, to size the calibration ...", kvps));
        String name = "calibration probe";
        Path phaseDir = dir.resolve("calibration/probe");
        for (int n = 0; ; n++) {
          t0 = System.nanoTime();
          PhaseResult e = session.execute(name, false, substations, kvps,
              executions.isEmpty() ? 0 : executions.get(0).startMicros(), phaseDir);
          walls.add(since(t0));
          executions.add(e);
          out.line(String.format(Locale.ROOT, "%s done: %,d kvps in %.1f s = %,.1f IoTps", name, e.acknowledged(),
              e.elapsedSeconds(), e.iotps()));
          // A short probe misjudges the rate (JIT, a store's caches): an execution that lasted under half the asked
          // time is sized again from its own rate, at most twice.
          if (n == 0) {
            // a count at a second size, so the data check's time splits into a fixed part and a part per reading
            out.line("counting the probe's readings, as a data check does ...");
            t0 = System.nanoTime();
            probeCounted = session.sut().admin().totalReadings(substations);
            probeCount = since(t0);
          }
          if (n > 0 && (e.elapsedSeconds() >= seconds / 2 || n > MAX_RESIZES)) {
            break;
          }
          kvps = calibrationKvps(e.iotps(), seconds, config.substations());
          name = n == 0 ? "calibration" : "calibration " + (n + 1);
          phaseDir = dir.resolve("calibration/execution-" + (n + 1));
          out.line(String.format(Locale.ROOT, "%s: %,d kvps, about %.0f s at that rate (not a result) ...", name,
              kvps, seconds));
        }
        if (folder != null) {
          growth = folder.stop();
        }
      }
      long written = executions.stream().mapToLong(PhaseResult::acknowledged).sum();
      out.line("counting the readings stored, as a data check does ...");
      t0 = System.nanoTime();
      long stored = session.sut().admin().totalReadings(substations);
      double count = since(t0);
      out.line("purging what the calibration wrote, as the system cleanup does ...");
      t0 = System.nanoTime();
      session.sut().admin().purge();
      double purge = since(t0);
      long left = session.sut().admin().totalReadings(substations);
      List<SutOutage> outages = session.outages();
      out.line(local ? "stopping the local server ..." : "disconnecting from the SUT ...");
      t0 = System.nanoTime();
      session.close();
      closed = true;
      Double stop = local ? since(t0) : null;
      Long free = null;
      String filesystem = null;
      if (local) {
        if (left == 0) {
          FileTrees.delete(session.sutFolder()); // emptied store files and logs, gigabytes for a long calibration
        }
        Files.createDirectories(config.resultsRoot());
        free = Files.getFileStore(config.resultsRoot()).getUsableSpace();
        filesystem = config.resultsRoot().toAbsolutePath().normalize().toString();
      }
      RunPlan.Measured measured = new RunPlan.Measured(fileCheck, sutStart, prepare, probeCounted, probeCount,
          written, stored, count, purge,
          left, stop);
      return new Outcome(sut, local, replication, executions, walls, measured, growth, free, filesystem, restart,
          outages, emulator);
    } catch (DBException e) {
      throw session.failure(e);
    } finally {
      if (!closed) {
        session.close();
      }
    }
  }

  /** kvps of the calibration execution: about {@code seconds} at the probe's rate, a multiple of P, at least P. */
  static long calibrationKvps(double probeIotps, double seconds, int substations) {
    long kvps = (long) Math.ceil(Math.max(0, probeIotps) * seconds);
    return KvpsTarget.roundUp(Math.max(kvps, substations), substations);
  }

  private static double since(long nanos) {
    return (System.nanoTime() - nanos) / 1e9;
  }
}
