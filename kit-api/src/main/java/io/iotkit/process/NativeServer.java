package io.iotkit.process;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * One native server process that a launcher supervises (influxd, dynalite): started on the port asked for or a
 * free one, its output appended to its log, ready once {@link #serves} says so while it lives, stopped with SIGTERM
 * and killed after a grace. It never outlives its launcher ({@link NativeChild}). A free port that another program
 * takes between the probe and the server's bind is no failure: the start tries another, up to {@value #ATTEMPTS}
 * times in all.
 */
public abstract class NativeServer {
  private static final int ATTEMPTS = 3;
  private static final long POLL_MILLIS = 200;

  private final String name;
  private final String host;
  private final Path log;
  private final Duration startTimeout;
  private final Duration stopGrace;
  private final List<String> errorMarks;
  private final String portTakenMark;
  private volatile Process process;
  private volatile boolean stopping;
  private int port;

  /**
   * @param name what the server's lines call it, e.g. "influxd"
   * @param host the address it listens on
   * @param log  the file its output is appended to
   * @param errorMarks    what a line it logged holds when it says why the server failed; the last such line since
   *                      the start is the failure
   * @param portTakenMark what a failure holds when the port was taken
   */
  protected NativeServer(String name, String host, Path log, Duration startTimeout, Duration stopGrace,
                         List<String> errorMarks, String portTakenMark) {
    this.name = name;
    this.host = host;
    this.log = log;
    this.startTimeout = startTimeout;
    this.stopGrace = stopGrace;
    this.errorMarks = List.copyOf(errorMarks);
    this.portTakenMark = portTakenMark;
  }

  /** The command that starts the server on {@code port}; it may write the files the server reads first. */
  protected abstract List<String> command(int port) throws IOException;

  /** Whether the server, started when its log was {@code logStart} bytes long, serves now. */
  protected abstract boolean serves(long logStart) throws IOException, InterruptedException;

  public final String host() {
    return host;
  }

  public final Path log() {
    return log;
  }

  public final int port() {
    return port;
  }

  public final long pid() {
    return process.pid();
  }

  /**
   * Starts the server and waits until it serves.
   *
   * @param requestedPort the port, or 0 for a free one
   */
  public void start(int requestedPort) throws IOException, InterruptedException {
    for (int attempt = 1; ; attempt++) {
      port = requestedPort > 0 ? requestedPort : ServerChild.freePort(host);
      List<String> command = command(port);
      long logStart = Files.exists(log) ? Files.size(log) : 0;
      process = NativeChild.start(new ProcessBuilder(command).redirectErrorStream(true)
          .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())));
      process.getOutputStream().close();
      if (awaitServing(logStart)) {
        return;
      }
      String why = failure(logStart);
      if (requestedPort == 0 && attempt < ATTEMPTS && why.contains(portTakenMark)) {
        continue;
      }
      throw new IOException(name + " exited with code " + process.exitValue() + (why.isEmpty() ? "" : ": " + why)
          + "; see " + log);
    }
  }

  /** True once it serves, false once it has exited; a server that does neither in time is stopped. */
  private boolean awaitServing(long logStart) throws IOException, InterruptedException {
    long deadline = System.nanoTime() + startTimeout.toNanos();
    while (System.nanoTime() < deadline) {
      if (!process.isAlive()) {
        return false;
      }
      // an answer counts only while our server lives: another program may hold the port
      if (serves(logStart) && process.isAlive()) {
        return true;
      }
      Thread.sleep(POLL_MILLIS);
    }
    stop();
    throw new IOException(name + " did not serve within " + startTimeout.toSeconds() + " s; see " + log);
  }

  private String failure(long logStart) throws IOException {
    String failure = "";
    for (String line : ServerChild.logSince(log, logStart).split("\n")) {
      if (errorMarks.stream().anyMatch(line::contains)) {
        failure = line.trim();
      }
    }
    return failure;
  }

  /**
   * Waits until the server ends: null when it was asked to stop, else that it exited, with its code, in one line
   * (a {@link Launcher.Server#awaitEnd}).
   */
  public final String awaitEnd() throws InterruptedException {
    int code = process.waitFor();
    return stopping ? null : name + " exited with code " + code + "; see " + log;
  }

  /** What a launcher does to start its server: starts it (with what comes along) and gives the READY facts. */
  @FunctionalInterface
  public interface Start {
    Map<String, String> run() throws IOException, InterruptedException;
  }

  /** This server as its launcher's {@link Launcher.Server}: started by {@code start}, stopped and ended as itself. */
  public final Launcher.Server serving(Start start) {
    return new Launcher.Server() {
      @Override
      public Map<String, String> start() throws IOException, InterruptedException {
        return start.run();
      }

      @Override
      public void stop() {
        NativeServer.this.stop();
      }

      @Override
      public String awaitEnd() throws InterruptedException {
        return NativeServer.this.awaitEnd();
      }
    };
  }

  /** SIGTERM (the server's clean shutdown), a kill if it has not exited within the grace; idempotent. */
  public final synchronized void stop() {
    stopping = true;
    Process p = process;
    if (p == null || !p.isAlive()) {
      return;
    }
    p.destroy();
    ServerChild.awaitExitOrKill(p, stopGrace);
  }
}
