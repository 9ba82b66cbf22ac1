package io.iotkit.server.dynamodb;

import io.iotkit.process.NativeChild;
import io.iotkit.process.ServerChild;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;

/**
 * One dynalite process: {@code node --require DIR/close-iterators.js cli.js --host ADDR --port N --path DIR/data}
 * (items in LevelDB on disk; the script closes the iterators dynalite leaves open, see {@link #CLOSE_ITERATORS}), its
 * output in {@code DIR/dynalite.log}, ready once it logged that it listens and its port takes a connection.
 */
final class Dynalite {
  private static final Duration START_TIMEOUT = Duration.ofSeconds(60);
  private static final Duration STOP_GRACE = Duration.ofSeconds(20);

  private final Path node;
  private final Path cli;
  private final Path dir;
  private final String host;
  private volatile Process process;
  private volatile boolean stopping;
  private int port;

  Dynalite(Path node, Path cli, Path dir, String host) {
    this.node = node;
    this.cli = cli;
    this.dir = dir;
    this.host = host;
  }

  Path log() {
    return dir.resolve("dynalite.log");
  }

  int port() {
    return port;
  }

  long pid() {
    return process.pid();
  }

  /**
   * The script node loads ahead of dynalite: it gives abstract-level's iterators the {@code return()} through
   * which dynalite 4 closes a query's iterator when there is one, and which abstract-level 3 lacks. Without it,
   * every Query left its LevelDB iterator open, and with it the files of the iterator's version: the data folder
   * grew without bound while dashboard queries ran.
   */
  static final String CLOSE_ITERATORS = "close-iterators.js";

  /** @param requestedPort the port, or 0 for a free one */
  void start(int requestedPort) throws IOException, InterruptedException {
    Files.createDirectories(dir.resolve("data"));
    Path closeIterators = dir.resolve(CLOSE_ITERATORS);
    try (InputStream in = Dynalite.class.getResourceAsStream(CLOSE_ITERATORS)) {
      if (in == null) {
        throw new IOException(CLOSE_ITERATORS + " is missing from the launcher's jar; rebuild the kit");
      }
      Files.copy(in, closeIterators, StandardCopyOption.REPLACE_EXISTING);
    }
    for (int attempt = 1; ; attempt++) {
      port = requestedPort > 0 ? requestedPort : ServerChild.freePort(host);
      long logStart = Files.exists(log()) ? Files.size(log()) : 0;
      process = NativeChild.start(new ProcessBuilder(List.of(node.toString(), "--require",
          closeIterators.toString(), cli.toString(), "--host", host, "--port", Integer.toString(port), "--path",
          dir.resolve("data").toString()))
          .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.appendTo(log().toFile())));
      process.getOutputStream().close();
      if (awaitListening(logStart)) {
        return;
      }
      String why = lastLine(logStart);
      // Another program may take a free port between our probe and dynalite's bind: try others.
      if (requestedPort == 0 && attempt < 3 && why.contains("EADDRINUSE")) {
        continue;
      }
      throw new IOException("dynalite exited with code " + process.exitValue() + (why.isEmpty() ? "" : ": " + why)
          + "; see " + log());
    }
  }

  private boolean awaitListening(long logStart) throws IOException, InterruptedException {
    long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
    while (System.nanoTime() < deadline) {
      if (!process.isAlive()) {
        return false;
      }
      // the port counts only once our dynalite said it listens: another program may hold it
      String logged = ServerChild.logSince(log(), logStart);
      if (logged.toLowerCase(java.util.Locale.ROOT).contains("listening at") && accepts()) {
        return true;
      }
      Thread.sleep(100);
    }
    stop();
    throw new IOException("dynalite did not listen within " + START_TIMEOUT.toSeconds() + " s; see " + log());
  }

  private boolean accepts() {
    try (Socket s = new Socket()) {
      s.connect(new InetSocketAddress(host, port), 1_000);
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  private String lastLine(long logStart) throws IOException {
    String error = "";
    for (String line : ServerChild.logSince(log(), logStart).split("\n")) {
      if (line.contains("Error") || line.contains("EADDRINUSE")) {
        error = line.trim();
      }
    }
    return error;
  }

  boolean stopping() {
    return stopping;
  }

  int waitFor() throws InterruptedException {
    return process.waitFor();
  }

  /** SIGTERM, a kill if it has not exited within the grace; idempotent. */
  synchronized void stop() {
    stopping = true;
    Process p = process;
    if (p == null || !p.isAlive()) {
      return;
    }
    p.destroy();
    ServerChild.awaitExitOrKill(p, STOP_GRACE);
  }
}
