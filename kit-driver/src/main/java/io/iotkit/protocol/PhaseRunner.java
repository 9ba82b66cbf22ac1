package io.iotkit.protocol;

import io.iotkit.metrics.SeriesMerge;
import io.iotkit.model.Clock;
import io.iotkit.model.InstanceResult;
import io.iotkit.model.InstanceSpec;
import io.iotkit.model.Json;
import io.iotkit.model.Latency;
import io.iotkit.model.PhaseResult;
import io.iotkit.model.PhaseSeries;
import io.iotkit.process.JavaCommand;
import io.iotkit.progress.PhaseProgress;
import io.iotkit.progress.RunConsole;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Runs one workload execution: launches one instance JVM per substation, waits until every one is ready,
 * releases them together through the start barrier (so JVM start-up is outside TS_start..TS_end), follows
 * their progress and collects their results.
 */
final class PhaseRunner {
  /** Lead time between the barrier's release and the start instant, so every instance hears it in time. */
  private static final long START_LEAD_MICROS = 500_000;
  private static final long READY_TIMEOUT_SECONDS = 300;

  private final List<Path> classpath;
  private final List<String> jvmOptions;
  /** How often the live progress is offered to the console. */
  private static final long PROGRESS_MILLIS = 250;

  private final RunConsole out;

  PhaseRunner(List<Path> classpath, List<String> jvmOptions, RunConsole out) {
    this.classpath = classpath;
    this.jvmOptions = jvmOptions;
    this.out = out;
  }

  PhaseResult run(String name, boolean measured, List<InstanceSpec> specs, Path phaseDir)
      throws IOException, InterruptedException {
    Files.createDirectories(phaseDir);
    PhaseProgress progress = new PhaseProgress(name, specs.stream().mapToLong(InstanceSpec::kvps).toArray());
    List<InstanceProcess> running = new ArrayList<>();
    try {
      for (InstanceSpec spec : specs) {
        Path specFile = phaseDir.resolve("instance-" + spec.instance() + ".spec.json");
        Json.write(specFile, spec);
        List<String> cmd = JavaCommand.of(classpath, jvmOptions,
            "io.iotkit.instance.InstanceMain", List.of(specFile.toString()));
        running.add(InstanceProcess.launch(spec.instance(), cmd,
            phaseDir.resolve("instance-" + spec.instance() + ".log"), progress));
      }
      await(CompletableFuture.allOf(running.stream().map(p -> p.ready).toArray(CompletableFuture[]::new)),
          READY_TIMEOUT_SECONDS, "instances not ready");
      long start = Clock.micros() + START_LEAD_MICROS;
      progress.begin(start);
      running.forEach(p -> p.start(start));
      follow(running, progress);
      List<InstanceResult> results = new ArrayList<>();
      for (InstanceSpec spec : specs) {
        results.add(Json.read(Path.of(spec.resultFile()), InstanceResult.class));
      }
      for (InstanceProcess p : running) {
        p.reap();
      }
      long end = results.stream().mapToLong(InstanceResult::endMicros).max().orElse(start);
      PhaseSeries series = SeriesMerge.of(results,
          specs.stream().map(s -> Path.of(s.intervalLog())).toList());
      return new PhaseResult(name, measured, start, end, results, series, Latency.summaries(results));
    } finally {
      running.forEach(InstanceProcess::kill);
    }
  }

  private void follow(List<InstanceProcess> running, PhaseProgress progress) throws InterruptedException {
    CompletableFuture<Void> all =
        CompletableFuture.allOf(running.stream().map(p -> p.done).toArray(CompletableFuture[]::new));
    try {
      while (true) {
        try {
          all.get(PROGRESS_MILLIS, TimeUnit.MILLISECONDS);
          return;
        } catch (TimeoutException e) {
          out.progress(progress.snapshot(Clock.micros()));
        } catch (ExecutionException e) {
          throw unwrap(e);
        }
      }
    } finally {
      out.progressDone();
    }
  }

  private static void await(CompletableFuture<Void> f, long seconds, String what)
      throws InterruptedException, IOException {
    try {
      f.get(seconds, TimeUnit.SECONDS);
    } catch (TimeoutException e) {
      throw new IOException(what + " after " + seconds + " s");
    } catch (ExecutionException e) {
      throw unwrap(e);
    }
  }

  private static RuntimeException unwrap(ExecutionException e) {
    return e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
  }
}
