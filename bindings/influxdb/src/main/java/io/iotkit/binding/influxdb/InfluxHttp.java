package io.iotkit.binding.influxdb;

import io.iotkit.binding.errors.ConnectFailures;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.UnknownHostException;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import site.ycsb.DBException;

/**
 * The binding's HTTP client of one InfluxDB: the JDK's {@link HttpClient} (HTTP/1.1, as influxd speaks no
 * HTTP/2), basic authentication when a login is set. {@link #write} is asynchronous, its future completing when
 * the server answered; queries and pings wait. Every failure is one line naming the binding and the URL, never the
 * password.
 */
final class InfluxHttp {
  /**
   * The JVM's clients, one per connect timeout: the JDK's client is made to be shared by threads, and each has a
   * selector thread and a connection pool of its own, so an instance's insert threads share one, as a plain loop's
   * threads do.
   */
  private static final Map<Duration, HttpClient> SHARED = new ConcurrentHashMap<>();
  private final InfluxSettings settings;
  private final HttpClient client;
  private final String authorization;
  private final URI writeUri;

  InfluxHttp(InfluxSettings settings) {
    this.settings = settings;
    this.client = SHARED.computeIfAbsent(settings.connectTimeout(), timeout -> HttpClient.newBuilder()
        .version(HttpClient.Version.HTTP_1_1).connectTimeout(timeout).build());
    this.authorization = settings.user().map(u -> "Basic " + Base64.getEncoder().encodeToString(
        (u + ":" + settings.password().orElse("")).getBytes(StandardCharsets.UTF_8))).orElse(null);
    this.writeUri = URI.create(settings.url() + "/write?db=" + encode(settings.database()) + "&precision=u");
  }

  InfluxSettings settings() {
    return settings;
  }

  /** A write request refused by the server: its status and error text. */
  static final class WriteRefused extends IOException {
    WriteRefused(String message) {
      super(message);
    }
  }

  /**
   * Posts line-protocol lines; the future completes normally on 204 (the points are in the WAL, see the binding's
   * durability) and exceptionally with the server's status and error text, or the connection's failure.
   *
   * <p>A write refused because the server's in-memory cache is full ({@link CacheFull}) is sent again after a
   * pause, until {@code influxdb.request.timeout.ms} has passed since the first try: the server stored none of it
   * (the cache refuses the write before its WAL is written, and a point written twice is one point), and the
   * refusal only says that the server's snapshots to disk are behind. The readings wait, as for any slow answer.
   */
  CompletableFuture<Void> write(byte[] lines) {
    return write(lines, System.nanoTime() + settings.requestTimeout().toNanos(), CacheFull.FIRST_PAUSE_MILLIS);
  }

  private CompletableFuture<Void> write(byte[] lines, long deadlineNanos, long pauseMillis) {
    HttpRequest request = request(writeUri).header("Content-Type", "text/plain; charset=utf-8")
        .POST(HttpRequest.BodyPublishers.ofByteArray(lines)).build();
    return client.sendAsync(request, HttpResponse.BodyHandlers.ofString()).handle((r, e) -> {
      if (e != null) {
        throw new CompletionException(new IOException(failure(e instanceof CompletionException c && c.getCause()
            != null ? c.getCause() : e)));
      }
      if (r.statusCode() == 204) {
        return CompletableFuture.<Void>completedFuture(null);
      }
      if (CacheFull.is(r.statusCode(), r.body())
          && System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(pauseMillis) - deadlineNanos < 0) {
        Executor later = CompletableFuture.delayedExecutor(pauseMillis, TimeUnit.MILLISECONDS);
        return CompletableFuture.supplyAsync(() -> null, later)
            .thenCompose(x -> write(lines, deadlineNanos, CacheFull.nextPause(pauseMillis)));
      }
      throw new CompletionException(new WriteRefused("influxdb: write refused by " + settings.address() + ": HTTP "
          + r.statusCode() + ": " + errorText(r.body())));
    }).thenCompose(Function.identity());
  }

  /** Posts lines and waits for the answer. */
  void writeAndWait(byte[] lines) throws DBException {
    try {
      write(lines).join();
    } catch (CompletionException e) {
      throw new DBException(e.getCause().getMessage(), e.getCause());
    }
  }

  /**
   * Runs InfluxQL statements on the binding's database: GET for reads, POST for statements that change
   * something (InfluxDB refuses those over GET).
   *
   * @throws DBException with one line when the request fails or the server answers with an error for the whole
   *     request; an error of one statement is left in its {@link QueryResults.Statement}
   */
  QueryResults query(String statements, boolean changes) throws DBException {
    String form = "db=" + encode(settings.database()) + "&q=" + encode(statements);
    HttpRequest request = changes
        ? request(URI.create(settings.url() + "/query")).header("Content-Type", "application/x-www-form-urlencoded")
            .POST(HttpRequest.BodyPublishers.ofString(form)).build()
        : request(URI.create(settings.url() + "/query?" + form)).GET().build();
    HttpResponse<String> r = send(request);
    if (r.statusCode() == 401 || r.statusCode() == 403) {
      throw new DBException(loginRefused(r));
    }
    try {
      return QueryResults.parse(r.body());
    } catch (IllegalArgumentException e) {
      throw new DBException("influxdb: " + settings.address() + " answered HTTP " + r.statusCode() + ": "
          + ConnectFailures.firstLine(e.getMessage()));
    }
  }

  /** The server's answer to GET /ping. */
  record Pong(String version, String build) {
  }

  /** GET /ping: a cheap request every InfluxDB answers with 204 and its version, with or without a login. */
  Pong ping() throws DBException {
    HttpResponse<String> r = send(request(URI.create(settings.url() + "/ping")).GET().build());
    if (r.statusCode() != 204) {
      throw new DBException("influxdb: " + settings.address() + "/ping answered HTTP " + r.statusCode()
          + "; is this an InfluxDB 1.x HTTP API? Fix " + InfluxSettings.URL);
    }
    return new Pong(r.headers().firstValue("X-Influxdb-Version").orElse("unknown"),
        r.headers().firstValue("X-Influxdb-Build").orElse("unknown"));
  }

  private HttpResponse<String> send(HttpRequest request) throws DBException {
    try {
      return client.send(request, HttpResponse.BodyHandlers.ofString());
    } catch (IOException e) {
      throw new DBException(failure(e), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new DBException("influxdb: interrupted while waiting for " + settings.address());
    }
  }

  private HttpRequest.Builder request(URI uri) {
    HttpRequest.Builder b = HttpRequest.newBuilder(uri).timeout(settings.requestTimeout());
    if (authorization != null) {
      b.header("Authorization", authorization);
    }
    return b;
  }

  private String loginRefused(HttpResponse<String> r) {
    return settings.user().map(u -> "influxdb: " + settings.address() + " refused the login of user '" + u
        + "': wrong user or password (the server says: " + errorText(r.body()) + "); fix " + InfluxSettings.USER
        + " / " + InfluxSettings.PASSWORD).orElse("influxdb: " + settings.address() + " wants a login ("
        + errorText(r.body()) + "); set " + InfluxSettings.USER + " and " + InfluxSettings.PASSWORD);
  }

  /** One line for a request that got no answer. */
  String failure(Throwable e) {
    String address = settings.address();
    if (ConnectFailures.find(e, UnknownHostException.class) != null) {
      return ConnectFailures.cannotConnect("influxdb", address, ConnectFailures.unknownHost(settings.url()
          .getHost()) + "; fix " + InfluxSettings.URL + " (leave it out to use the local InfluxDB)");
    }
    if (ConnectFailures.find(e, HttpConnectTimeoutException.class) != null) {
      return ConnectFailures.cannotConnect("influxdb", address, ConnectFailures.noAnswerWithin(
          settings.connectTimeout().toMillis() + " ms") + "; check the address and firewalls");
    }
    if (ConnectFailures.find(e, ConnectException.class) != null) {
      return ConnectFailures.cannotConnect("influxdb", address, ConnectFailures.REFUSED + "; is influxd running?"
          + " Fix " + InfluxSettings.URL + " (leave it out to use the local InfluxDB)");
    }
    if (ConnectFailures.find(e, HttpTimeoutException.class) != null) {
      return "influxdb: " + address + ": " + ConnectFailures.noAnswerWithin(settings.requestTimeout().toMillis()
          + " ms") + " (" + InfluxSettings.REQUEST_TIMEOUT + ")";
    }
    return "influxdb: " + address + ": " + ConnectFailures.deepestMessage(e);
  }

  /** The "error" of InfluxDB's JSON error body, or the body's first line. */
  static String errorText(String body) {
    try {
      return ConnectFailures.firstLine(QueryResults.parse(body).statements().stream()
          .flatMap(s -> s.error().stream()).findFirst().orElse(body));
    } catch (IllegalArgumentException e) {
      // parse throws the top-level "error" as its message; other bodies are shown as they are
      return ConnectFailures.firstLine(body.isBlank() ? "no message" : e.getMessage().startsWith("not the JSON")
          ? body : e.getMessage());
    }
  }

  private static String encode(String s) {
    return URLEncoder.encode(s, StandardCharsets.UTF_8);
  }
}
