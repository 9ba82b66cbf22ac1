package io.iotkit.server.influxdb;

import io.iotkit.process.NativeChild;
import io.iotkit.process.ServerChild;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * One influxd process: configuration written to {@code dir/influxdb.conf}, its output to {@code dir/influxd.log},
 * ready once {@code GET /ping} answers 204 on its HTTP address.
 */
final class Influxd {
  private static final Duration START_TIMEOUT = Duration.ofSeconds(60);
  private static final Duration STOP_GRACE = Duration.ofSeconds(30);

  private final Path binary;
  private final Path dir;
  private final String host;
  private final boolean auth;
  private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
      .connectTimeout(Duration.ofSeconds(2)).build();
  private volatile Process process;
  private volatile boolean stopping;
  private int port;
  private String version = "unknown";

  Influxd(Path binary, Path dir, String host, boolean auth) {
    this.binary = binary;
    this.dir = dir;
    this.host = host;
    this.auth = auth;
  }

  Path log() {
    return dir.resolve("influxd.log");
  }

  Path config() {
    return dir.resolve("influxdb.conf");
  }

  /** The HTTP API's base address, e.g. http://127.0.0.1:8086. */
  String url() {
    return "http://" + InfluxdConfig.address(host, port);
  }

  int port() {
    return port;
  }

  String version() {
    return version;
  }

  long pid() {
    return process.pid();
  }

  /**
   * Starts influxd and waits until it answers /ping.
   *
   * @param requestedPort the HTTP port, or 0 for a free one
   */
  void start(int requestedPort) throws IOException, InterruptedException {
    if (!Files.isExecutable(binary)) {
      throw new IOException(binary + " is not an executable; install Debian's influxdb package: apt-get install"
          + " influxdb");
    }
    Files.createDirectories(dir);
    for (int attempt = 1; ; attempt++) {
      port = requestedPort > 0 ? requestedPort : ServerChild.freePort(host);
      // RPC (backup/restore) on loopback only: the kit never uses it, but influxd binds it at every start.
      int rpcPort = ServerChild.freePort("127.0.0.1");
      Files.writeString(config(), InfluxdConfig.text(dir, host, port, rpcPort, auth), StandardCharsets.UTF_8);
      long logStart = Files.exists(log()) ? Files.size(log()) : 0;
      process = NativeChild.start(new ProcessBuilder(List.of(binary.toString(), "-config", config().toString()))
          .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.appendTo(log().toFile())));
      if (awaitPing()) {
        return;
      }
      String why = lastError(logStart);
      // Another program may take a free port between our probe and influxd's bind: try others.
      if (requestedPort == 0 && attempt < 3 && why.contains("address already in use")) {
        continue;
      }
      throw new IOException("influxd exited with code " + process.exitValue() + (why.isEmpty() ? "" : ": " + why)
          + "; see " + log());
    }
  }

  private boolean awaitPing() throws IOException, InterruptedException {
    long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
    HttpRequest ping = HttpRequest.newBuilder(URI.create(url() + "/ping")).timeout(Duration.ofSeconds(2)).build();
    while (System.nanoTime() < deadline) {
      if (!process.isAlive()) {
        return false;
      }
      try {
        HttpResponse<Void> r = http.send(ping, HttpResponse.BodyHandlers.discarding());
        // the answer counts only while our influxd lives: another program may hold the port
        if (r.statusCode() == 204 && process.isAlive()) {
          version = r.headers().firstValue("X-Influxdb-Version").orElse("unknown");
          return true;
        }
      } catch (IOException e) {
        // not listening yet
      }
      Thread.sleep(200);
    }
    stop();
    throw new IOException("influxd did not answer /ping within " + START_TIMEOUT.toSeconds() + " s; see " + log());
  }

  /** The last error influxd logged since {@code logStart}: a "run:" line or the message of a level=error line. */
  private String lastError(long logStart) throws IOException {
    String error = "";
    for (String line : ServerChild.logSince(log(), logStart).split("\n")) {
      if (line.startsWith("run:") || line.contains("lvl=error")) {
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

  /** SIGTERM (influxd closes its shards and WAL), a kill if it has not exited within the grace; idempotent. */
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
