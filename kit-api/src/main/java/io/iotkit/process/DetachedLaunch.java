package io.iotkit.process;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Starts a server launcher that outlives this JVM ({@code bin/tpcx-iot.sh server start}): under nohup (so
 * closing the terminal does not end it), stdin from /dev/null, its READY line and any other output in
 * {@code DIR/<name>.out}, its log in {@code DIR/<name>.log}, its pid in the {@link PidFile}. The launcher is
 * given {@code --detached}: it then ignores stdin and stops cleanly on SIGTERM.
 */
final class DetachedLaunch {
  private static final long POLL_MILLIS = 200;

  private DetachedLaunch() {
  }

  /** Starts the command and waits for its READY line; returns what it said there. */
  static Map<String, String> start(List<String> command, Path dir, String name, Duration readyTimeout)
      throws IOException {
    Path out = dir.resolve(name + ".out");
    Path log = dir.resolve(name + ".log");
    Files.deleteIfExists(out);
    ServerProcess.logCommand(log, command);
    List<String> cmd = new ArrayList<>();
    cmd.add("nohup");
    cmd.addAll(command);
    Process process = new ProcessBuilder(cmd)
        .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
        .redirectOutput(out.toFile())
        .redirectError(ProcessBuilder.Redirect.appendTo(log.toFile()))
        .start();
    PidFile.write(dir, process.pid());
    long deadline = System.nanoTime() + readyTimeout.toNanos();
    while (System.nanoTime() < deadline) {
      Optional<String> ready = readyLine(out);
      if (ready.isPresent()) {
        return ServerProcess.parseFacts(ready.get());
      }
      if (!process.isAlive()) {
        PidFile.delete(dir);
        throw new IOException("exited before it was ready" + lastLine(log) + "; see " + log);
      }
      try {
        Thread.sleep(POLL_MILLIS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        break;
      }
    }
    process.descendants().forEach(ProcessHandle::destroyForcibly);
    process.destroyForcibly();
    PidFile.delete(dir);
    throw new IOException("not ready after " + readyTimeout.toSeconds() + " s; see " + log);
  }

  /** The launcher's last word, usually why it could not start. */
  private static String lastLine(Path log) throws IOException {
    List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
    return lines.isEmpty() ? "" : ": " + lines.get(lines.size() - 1).strip();
  }

  private static Optional<String> readyLine(Path out) throws IOException {
    if (!Files.isRegularFile(out)) {
      return Optional.empty();
    }
    // Only whole lines count: the launcher may be writing the READY line right now.
    String text = Files.readString(out, StandardCharsets.UTF_8);
    return text.lines().filter(l -> l.startsWith("READY")).filter(l -> text.contains(l + "\n")).findFirst();
  }
}
