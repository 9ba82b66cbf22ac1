package io.iotkit.process;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A server in a child process that speaks the kit's small launch protocol: it prints
 * {@code READY key=value ...} on stdout once it serves, stops cleanly when it reads {@code STOP} on stdin,
 * and exits when its stdin closes, so it never outlives the kit. Everything else it prints goes to its log.
 */
public final class ServerProcess {
  /** How long a starting server may stay stopped before its start fails: the SUT watch's own limit for silence. */
  static final Duration STOPPED_LIMIT = Duration.ofSeconds(15);
  /** How long a server may be stopped (SIGSTOP) while the kit stops it before it is killed. */
  static final Duration STOPPED_AT_STOP = Duration.ofSeconds(3);
  private static final Duration LOOK_EVERY = Duration.ofMillis(250);
  private final Process process;
  private final Map<String, String> facts;

  private ServerProcess(Process process, Map<String, String> facts) {
    this.process = process;
    this.facts = facts;
  }

  /**
   * Starts the command and waits for its READY line; fails with the log's path if it dies or times out. The log
   * begins each start with the {@link #commandLine} (a server JVM's options included), for the disclosure.
   */
  public static ServerProcess start(List<String> command, Path logFile, Duration readyTimeout) throws IOException {
    Files.createDirectories(logFile.getParent());
    logCommand(logFile, command);
    Process process = new ProcessBuilder(command)
        .redirectErrorStream(false)
        .redirectError(ProcessBuilder.Redirect.appendTo(logFile.toFile()))
        .start();
    CompletableFuture<Map<String, String>> ready = new CompletableFuture<>();
    Thread reader = new Thread(() -> pump(process, logFile, ready), "server-stdout");
    reader.setDaemon(true);
    reader.start();
    try {
      return new ServerProcess(process, awaitReady(process, ready, readyTimeout));
    } catch (TimeoutException e) {
      process.destroyForcibly();
      throw new IOException(e.getMessage() + "; see " + logFile);
    } catch (Exception e) {
      process.destroyForcibly();
      throw new IOException("exited before it was ready; see " + logFile);
    }
  }

  /**
   * The READY line's facts, once it came. A server may take minutes to start on a loaded machine, but one whose
   * processes are all stopped (SIGSTOP) says nothing until someone acts: that fails after {@link #STOPPED_LIMIT},
   * not at the end of the start's own timeout.
   */
  private static Map<String, String> awaitReady(Process process, CompletableFuture<Map<String, String>> ready,
                                                Duration timeout) throws Exception {
    long deadline = System.nanoTime() + timeout.toNanos();
    long stoppedSince = -1;
    while (true) {
      try {
        return ready.get(LOOK_EVERY.toMillis(), TimeUnit.MILLISECONDS);
      } catch (TimeoutException e) {
        long now = System.nanoTime();
        if (now >= deadline) {
          throw new TimeoutException("not ready after " + timeout.toSeconds() + " s");
        }
        boolean stopped = ProcessState.stopped(process.pid())
            && process.descendants().allMatch(d -> ProcessState.stopped(d.pid()));
        stoppedSince = stopped ? (stoppedSince < 0 ? now : stoppedSince) : -1;
        if (stoppedSince >= 0 && now - stoppedSince >= STOPPED_LIMIT.toNanos()) {
          throw new TimeoutException("stopped (SIGSTOP) for " + STOPPED_LIMIT.toSeconds() + " s while it started");
        }
      }
    }
  }

  private static void pump(Process process, Path logFile, CompletableFuture<Map<String, String>> ready) {
    try (BufferedReader in = new BufferedReader(
        new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
      String line;
      while ((line = in.readLine()) != null) {
        if (!ready.isDone() && line.startsWith("READY")) {
          ready.complete(parseFacts(line));
        } else {
          Files.writeString(logFile, line + System.lineSeparator(), StandardCharsets.UTF_8,
              StandardOpenOption.APPEND, StandardOpenOption.CREATE);
        }
      }
    } catch (IOException e) {
      // stream closed: the process is gone
    }
    ready.completeExceptionally(new IOException("exited"));
  }

  /**
   * The command as one line of its log: {@code command: java -Xmx1g ... Main args}. A server's command line holds
   * no credential: the kit hands those to a launcher in a file only its user can read, or in its environment
   * ({@link ChildJvmServer#writeAccountFile}).
   */
  static String commandLine(List<String> command) {
    return "command: " + String.join(" ", command);
  }

  /** Appends the {@link #commandLine} to the log, which the process then writes after it. */
  static void logCommand(Path logFile, List<String> command) throws IOException {
    Files.writeString(logFile, commandLine(command) + System.lineSeparator(), StandardCharsets.UTF_8,
        StandardOpenOption.APPEND, StandardOpenOption.CREATE);
  }

  static Map<String, String> parseFacts(String readyLine) {
    Map<String, String> facts = new HashMap<>();
    for (String word : readyLine.trim().split("\\s+")) {
      int eq = word.indexOf('=');
      if (eq > 0) {
        facts.put(word.substring(0, eq), word.substring(eq + 1));
      }
    }
    return facts;
  }

  /** The launcher process's id. */
  public long pid() {
    return process.pid();
  }

  /** What the server said in its READY line, e.g. its port. */
  public Map<String, String> facts() {
    return facts;
  }

  /**
   * Asks for a clean stop, then kills the process if it has not exited within {@code grace}, or as soon as it has
   * been stopped (SIGSTOP) for {@link #STOPPED_AT_STOP}: a stopped process cannot stop itself, and waiting out a
   * minute's grace for it would only delay the run's end.
   */
  public void stop(Duration grace) {
    if (!process.isAlive()) {
      return;
    }
    try {
      OutputStream stdin = process.getOutputStream();
      PrintWriter w = new PrintWriter(stdin, true, StandardCharsets.UTF_8);
      w.println("STOP");
      if (!awaitExit(grace)) {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
      }
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
    }
  }

  /** Waits up to {@code grace} for the exit; false when the process is still there, or stopped, at its end. */
  private boolean awaitExit(Duration grace) throws InterruptedException {
    long deadline = System.nanoTime() + grace.toNanos();
    long stoppedSince = -1;
    while (System.nanoTime() < deadline) {
      if (process.waitFor(250, TimeUnit.MILLISECONDS)) {
        return true;
      }
      if (!ProcessState.stopped(process.pid())) {
        stoppedSince = -1;
      } else if (stoppedSince < 0) {
        stoppedSince = System.nanoTime();
      } else if (System.nanoTime() - stoppedSince > STOPPED_AT_STOP.toNanos()) {
        return false;
      }
    }
    return !process.isAlive();
  }
}
