package io.iotkit.server.influxdb;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.Properties;

/**
 * The admin account of a local server with authentication on: the binding's user and password, read from the
 * file the kit wrote for this start (readable by this user only, deleted once the server is up). InfluxDB lets
 * the first admin be created without logging in; at a later start it exists and the same statement, sent with its
 * own login, changes nothing.
 */
record AdminAccount(String user, String password) {
  static final String USER = "influxdb.user";
  static final String PASSWORD = "influxdb.password";

  static AdminAccount read(Path file) throws IOException {
    Properties p = new Properties();
    try (InputStream in = Files.newInputStream(file)) {
      p.load(in);
    }
    String user = p.getProperty(USER, "").trim();
    String password = p.getProperty(PASSWORD, "");
    if (user.isEmpty() || password.isEmpty()) {
      throw new IOException(file + " names no " + USER + " and " + PASSWORD);
    }
    return new AdminAccount(user, password);
  }

  /** InfluxQL that creates this user as an admin; the password never reaches a log (the query log is off). */
  String createStatement() {
    return "CREATE USER " + identifier(user) + " WITH PASSWORD " + literal(password) + " WITH ALL PRIVILEGES";
  }

  /** Creates the account on the server at {@code url}, or checks that its login works there. */
  void ensureOn(String url) throws IOException, InterruptedException {
    HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    String body = "q=" + URLEncoder.encode(createStatement(), StandardCharsets.UTF_8);
    String basic = Base64.getEncoder().encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
    HttpRequest create = HttpRequest.newBuilder(URI.create(url + "/query")).timeout(Duration.ofSeconds(30))
        .header("Content-Type", "application/x-www-form-urlencoded").header("Authorization", "Basic " + basic)
        .POST(HttpRequest.BodyPublishers.ofString(body)).build();
    HttpResponse<String> r = http.send(create, HttpResponse.BodyHandlers.ofString());
    if (r.statusCode() != 200 || r.body().contains("\"error\"")) {
      // the body is InfluxDB's own error text, which names the user at most
      throw new IOException("creating admin user '" + user + "' failed: HTTP " + r.statusCode() + " "
          + r.body().replace(password, "(redacted)").strip());
    }
  }

  /** An InfluxQL identifier in double quotes. */
  static String identifier(String s) {
    return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
  }

  /** An InfluxQL string literal in single quotes. */
  static String literal(String s) {
    return "'" + s.replace("\\", "\\\\").replace("'", "\\'") + "'";
  }

  @Override
  public String toString() {
    return "admin user '" + user + "'";
  }
}
