package io.iotkit.protocol;

import io.iotkit.control.ControlLine;
import io.iotkit.control.Progress;
import io.iotkit.progress.PhaseProgress;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/** The master's handle on one driver instance JVM: its control lines, its progress, its end. */
final class InstanceProcess {
  private final int index;
  private final Process process;
  private final Path log;
  private final PrintWriter toInstance;
  final CompletableFuture<Void> ready = new CompletableFuture<>();
  final CompletableFuture<Void> done = new CompletableFuture<>();
  private final PhaseProgress progress;

  private InstanceProcess(int index, Process process, Path log, PhaseProgress progress) {
    this.index = index;
    this.process = process;
    this.log = log;
    this.progress = progress;
    this.toInstance = new PrintWriter(process.getOutputStream(), true, StandardCharsets.UTF_8);
  }

  static InstanceProcess launch(int index, List<String> command, Path log, PhaseProgress progress)
      throws IOException {
    Files.createDirectories(log.getParent());
    Process p = new ProcessBuilder(command)
        .redirectError(ProcessBuilder.Redirect.to(log.toFile()))
        .start();
    InstanceProcess ip = new InstanceProcess(index, p, log, progress);
    Thread reader = new Thread(ip::readControl, "instance-" + index);
    reader.setDaemon(true);
    reader.start();
    return ip;
  }

  private void readControl() {
    try (BufferedReader in = new BufferedReader(
        new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
      String line;
      while ((line = in.readLine()) != null) {
        ControlLine c = ControlLine.parse(line);
        if (c.is(ControlLine.READY)) {
          ready.complete(null);
        } else if (c.is(ControlLine.PROGRESS)) {
          progress.update(index, Progress.parse(c));
        } else if (c.is(ControlLine.DONE)) {
          done.complete(null);
        } else if (c.is(ControlLine.FAILED)) {
          fail(c.argument());
        }
      }
    } catch (IOException | IllegalArgumentException e) {
      // fall through: the instance is gone or garbled
    }
    fail("exited without finishing");
  }

  private void fail(String why) {
    var e = new InstanceFailedException("driver instance " + index + " failed: " + why + " (log: " + log + ")");
    ready.completeExceptionally(e);
    done.completeExceptionally(e);
  }

  void start(long epochMicros) {
    toInstance.println(ControlLine.format(ControlLine.START, epochMicros));
  }

  /** Waits for the process to exit after DONE; kills it if it lingers. */
  void reap() throws InterruptedException {
    if (!process.waitFor(30, java.util.concurrent.TimeUnit.SECONDS)) {
      process.destroyForcibly();
    }
  }

  void kill() {
    process.destroyForcibly();
  }

  /** A driver instance that failed or died. */
  static final class InstanceFailedException extends RuntimeException {
    InstanceFailedException(String message) {
      super(message);
    }
  }
}
