package io.iotkit.protocol;

import io.iotkit.control.ControlLine;
import io.iotkit.control.SecondFrame;
import io.iotkit.hosts.InstanceSite;
import io.iotkit.live.LiveRun;
import io.iotkit.model.InstanceResult;
import io.iotkit.model.InstanceTotals;
import io.iotkit.model.Json;
import io.iotkit.process.ProcessState;
import io.iotkit.progress.PhaseProgress;
import io.iotkit.resources.WatchedProcess;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * The master's handle on one driver instance JVM, on this host or behind ssh: its control lines, its second frames
 * (taken in by {@link InstanceSeconds}), its result (its totals with what those frames add up to), its end.
 */
final class InstanceProcess {
  /**
   * How long an exited process's output may still be read before it is called dead: what it printed last (its
   * RESULT or FAILED line) decides, and with many instances on few CPUs the reader can trail the exit by seconds.
   * Only a pipe that something else holds open (a process the instance left behind) is still open after that.
   */
  static final long EXIT_DRAIN_MILLIS = 10_000;
  /**
   * How long a silent instance that is alive and scheduled on this host is waited for: its heartbeat can be starved
   * on an overloaded host, and a dead one ends its output at once, which the reader sees without this limit.
   */
  static final long STARVED_LIMIT_MILLIS = 60_000;
  /** How long an instance's JVM may take from its launch to its first line. */
  static final long STARTING_LIMIT_MILLIS = 60_000;

  private final int index;
  private final InstanceSite site;
  private final Process process;
  private final Path log;
  private final InstanceSeconds seconds;
  private final PrintWriter toInstance;
  final CompletableFuture<Void> ready = new CompletableFuture<>();
  final CompletableFuture<InstanceResult> done = new CompletableFuture<>();
  /** When the instance's last control line arrived (System.nanoTime). */
  private volatile long lastHeard = System.nanoTime();
  /** Whether any line has arrived: before the first, the instance's JVM is still starting, not silent. */
  private volatile boolean heard;
  /** When the master last sent its heartbeat (System.nanoTime); only the follow loop's thread sends it. */
  private long lastSent = System.nanoTime();
  /** When the master first saw the process exited (System.nanoTime), or 0 while it runs. */
  private long exitSeen;

  private InstanceProcess(int index, InstanceSite site, Process process, Path log, Path intervalLog,
                          PhaseProgress progress, LiveRun.Execution live) {
    this.index = index;
    this.site = site;
    this.process = process;
    this.log = log;
    this.seconds = new InstanceSeconds(index, intervalLog, progress, live);
    this.toInstance = new PrintWriter(process.getOutputStream(), true, StandardCharsets.UTF_8);
  }

  /**
   * The instance's JVM as the master's sampler follows it, which counts its sockets; empty on another host, whose
   * processes the master cannot see.
   */
  Optional<WatchedProcess> watched() {
    return site.remote() || !process.isAlive() ? Optional.empty()
        : Optional.of(new WatchedProcess("instance " + index, "driver", process.pid()));
  }

  /**
   * Starts the instance and hands it its spec and the binding properties' bytes over its stdin.
   *
   * @param command the instance's java command line for {@code site}
   */
  static InstanceProcess launch(int index, InstanceSite site, List<String> command, String specJson,
                                byte[] bindingProperties, Path log, Path intervalLog, PhaseProgress progress,
                                LiveRun.Execution live) throws IOException {
    Files.createDirectories(log.getParent());
    Process p = new ProcessBuilder(site.launch(command))
        .redirectError(ProcessBuilder.Redirect.to(log.toFile()))
        .start();
    InstanceProcess ip = new InstanceProcess(index, site, p, log, intervalLog, progress, live);
    ip.toInstance.println(ControlLine.format(ControlLine.SPEC, specJson));
    ip.toInstance.println(ControlLine.format(ControlLine.PROPERTIES,
        Base64.getEncoder().encodeToString(bindingProperties)));
    ip.startReading();
    return ip;
  }

  /** A handle on a process already started; {@link #startReading()} then takes in its output. */
  static InstanceProcess of(int index, InstanceSite site, Process process, Path log, Path intervalLog,
                            PhaseProgress progress) {
    return new InstanceProcess(index, site, process, log, intervalLog, progress, LiveRun.Execution.NONE);
  }

  void startReading() {
    Thread reader = new Thread(this::readControl, "instance-" + index);
    reader.setDaemon(true);
    reader.start();
  }

  private void readControl() {
    try (BufferedReader in = new BufferedReader(
        new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
      String line;
      while ((line = in.readLine()) != null) {
        lastHeard = System.nanoTime();
        heard = true;
        ControlLine c = ControlLine.parse(line);
        if (c.is(ControlLine.READY)) {
          ready.complete(null);
        } else if (c.is(ControlLine.SECOND)) {
          seconds.accept(SecondFrame.parse(c));
        } else if (c.is(ControlLine.RESULT)) {
          InstanceTotals totals = Json.parse(c.argument(), InstanceTotals.class);
          seconds.close();
          done.complete(seconds.result(totals));
        } else if (c.is(ControlLine.FAILED)) {
          fail(c.argument());
        }
      }
    } catch (IllegalStateException e) {
      fail(e.getMessage()); // its frames and its result disagree
    } catch (IOException | RuntimeException e) {
      // fall through: the instance is gone, or its last line was cut off when it died
    } finally {
      seconds.close();
    }
    fail(site.remote() ? "exited without finishing, or its ssh session to " + site.name() + " ended"
        : "exited without finishing");
  }

  private void fail(String why) {
    var e = new InstanceFailedException("driver instance " + index + " failed: " + why + " (log: " + log + ")");
    ready.completeExceptionally(e);
    done.completeExceptionally(e);
  }

  /**
   * Whether a silent instance is alive but starved rather than dead: a process on this host that the kernel still
   * schedules (running, sleeping or in disk wait; not stopped, not traced), whose heartbeat thread on an overloaded
   * host can wait seconds for a CPU. Of an instance on another host only its ssh is seen here, so it is never
   * taken for starved.
   */
  private boolean starved() {
    if (site.remote()) {
      return false;
    }
    return ProcessState.scheduled(process.pid());
  }

  /**
   * Fails the instance if its process (the JVM, or the ssh that carries it) is running but has said nothing, not
   * even its heartbeat, for longer than the silence limit (an instance on this host that is alive and scheduled,
   * for longer than {@link #STARVED_LIMIT_MILLIS}); called by the master's follow loop. An exited process
   * is judged by the last lines it wrote, which the reader takes in to the pipe's end: only if that end does not
   * come within {@link #EXIT_DRAIN_MILLIS} is it failed here.
   */
  void checkAlive() {
    if (done.isDone()) {
      return;
    }
    long now = System.nanoTime();
    // a zombie has exited though its JVM's reaper may not have seen it yet: judged by its output, as exited
    if (!process.isAlive() || ProcessState.exited(process.pid())) {
      if (exitSeen == 0) {
        exitSeen = now;
      } else if (now - exitSeen > TimeUnit.MILLISECONDS.toNanos(EXIT_DRAIN_MILLIS)) {
        fail((site.remote() ? "its ssh session to " + site.name() + " ended" : "its JVM ended")
            + ", and its output was still open " + EXIT_DRAIN_MILLIS / 1000 + " s later");
      }
      return;
    }
    long silentMillis = (now - lastHeard) / 1_000_000;
    if (!heard) {
      // a JVM that has not yet said its first line is starting (behind ssh, on a busy host, for seconds); one that
      // dies meanwhile ends its output, and the reader says so at once
      if (silentMillis > STARTING_LIMIT_MILLIS) {
        fail("no line " + silentMillis / 1000 + " s after its launch (its JVM did not start" + (site.remote()
            ? " on " + site.name() + ", or the host, the network or its ssh session is gone" : "") + ")");
      }
      return;
    }
    if (silentMillis > ControlLine.SILENCE_LIMIT_MILLIS && !(starved() && silentMillis <= STARVED_LIMIT_MILLIS)) {
      fail("silent for " + silentMillis / 1000 + " s (no heartbeat" + (site.remote()
          ? " from " + site.name() + "; the host, the network or its ssh session is gone" : "") + ")");
    }
  }

  InstanceSite site() {
    return site;
  }

  /** The instance's number, 0..P-1. */
  int index() {
    return index;
  }

  /** Sends the master's heartbeat, at most once per heartbeat interval: the instance ends itself without it. */
  void heartbeat() {
    long now = System.nanoTime();
    if (now - lastSent >= TimeUnit.MILLISECONDS.toNanos(ControlLine.HEARTBEAT_MILLIS)) {
      lastSent = now;
      toInstance.println(ControlLine.ALIVE);
    }
  }

  /** Releases the start barrier: {@code masterMicros} is the start instant in the master's clock. */
  void start(long masterMicros) throws IOException {
    seconds.begin(masterMicros, site.clock().offsetMicros());
    toInstance.println(ControlLine.format(ControlLine.START, masterMicros + site.clock().offsetMicros()));
  }

  /** Waits for the process to exit after DONE; kills it if it lingers. */
  void reap() throws InterruptedException {
    if (!process.waitFor(30, TimeUnit.SECONDS)) {
      process.destroyForcibly();
    }
  }

  /**
   * Ends the instance: closing its stdin ends it by itself (also on another host, where ssh carries the close),
   * killing the process ends it here.
   */
  void kill() {
    toInstance.close();
    process.destroyForcibly();
  }

  /** A driver instance that failed or died. */
  static final class InstanceFailedException extends RuntimeException {
    InstanceFailedException(String message) {
      super(message);
    }
  }
}
