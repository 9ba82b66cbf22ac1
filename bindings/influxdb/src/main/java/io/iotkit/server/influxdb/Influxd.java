package io.iotkit.server.influxdb;

import io.iotkit.process.NativeServer;
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
final class Influxd extends NativeServer {
  private static final Duration START_TIMEOUT = Duration.ofSeconds(60);
  private static final Duration STOP_GRACE = Duration.ofSeconds(30);

  private final Path binary;
  private final Path dir;
  private final boolean auth;
  private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
      .connectTimeout(Duration.ofSeconds(2)).build();
  private String version = "unknown";

  Influxd(Path binary, Path dir, String host, boolean auth) {
    super("influxd", host, dir.resolve("influxd.log"), START_TIMEOUT, STOP_GRACE, List.of("run:", "lvl=error"),
        "address already in use");
    this.binary = binary;
    this.dir = dir;
    this.auth = auth;
  }

  Path config() {
    return dir.resolve("influxdb.conf");
  }

  /** The HTTP API's base address, e.g. http://127.0.0.1:8086. */
  String url() {
    return "http://" + InfluxdConfig.address(host(), port());
  }

  String version() {
    return version;
  }

  @Override
  public void start(int requestedPort) throws IOException, InterruptedException {
    if (!Files.isExecutable(binary)) {
      throw new IOException(binary + " is not an executable; install Debian's influxdb package: apt-get install"
          + " influxdb");
    }
    Files.createDirectories(dir);
    super.start(requestedPort);
  }

  @Override
  protected List<String> command(int port) throws IOException {
    // RPC (backup/restore) on loopback only: the kit never uses it, but influxd binds it at every start.
    int rpcPort = ServerChild.freePort("127.0.0.1");
    Files.writeString(config(), InfluxdConfig.text(dir, host(), port, rpcPort, auth), StandardCharsets.UTF_8);
    return List.of(binary.toString(), "-config", config().toString());
  }

  @Override
  protected boolean serves(long logStart) throws InterruptedException {
    HttpRequest ping = HttpRequest.newBuilder(URI.create(url() + "/ping")).timeout(Duration.ofSeconds(2)).build();
    try {
      HttpResponse<Void> r = http.send(ping, HttpResponse.BodyHandlers.discarding());
      if (r.statusCode() == 204) {
        version = r.headers().firstValue("X-Influxdb-Version").orElse("unknown");
        return true;
      }
    } catch (IOException e) {
      // not listening yet
    }
    return false;
  }
}
