package io.iotkit.binding.influxdb;

import io.iotkit.binding.Replication;
import io.iotkit.binding.StoreAdmin;
import io.iotkit.binding.settings.BadPropertyException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import site.ycsb.DBException;

/**
 * What the master asks of InfluxDB: the database made once, exact counts per substation, the purge (the kit's
 * measurement dropped), the watch's ping, and what the server says about itself.
 */
public final class InfluxAdmin implements StoreAdmin {
  private static final String DATABASE_NOT_FOUND = "database not found";
  /** Drops the purge tries before it leaves what remains to the cleanup's count. */
  private static final int PURGE_ATTEMPTS = 5;
  private static final long PURGE_RETRY_MILLIS = 1_000;

  private final InfluxHttp http;
  private List<String> prepared = List.of();

  private InfluxAdmin(InfluxHttp http) {
    this.http = http;
  }

  /** Connects and pings, so an unreachable server is one line before anything starts. */
  public static InfluxAdmin open(Properties properties) throws DBException {
    InfluxSettings settings;
    try {
      settings = InfluxSettings.from(properties);
    } catch (BadPropertyException e) {
      throw new DBException("influxdb: " + e.getMessage(), e);
    }
    InfluxAdmin admin = new InfluxAdmin(new InfluxHttp(settings));
    admin.http.ping();
    // a query, so a wrong login is said now rather than at the first write (/ping asks for none)
    admin.http.query("SHOW DATABASES", false);
    return admin;
  }

  /**
   * Open-source InfluxDB (X-Influxdb-Build OSS) is one server that keeps one copy of each point: it has no
   * clustering, and a retention policy's replication number is not acted on. Any other build (Enterprise
   * clusters) is reported by its database's default retention policy's replicaN.
   */
  @Override
  public Replication replication() throws DBException {
    InfluxHttp.Pong pong = http.ping();
    if (!pong.build().equalsIgnoreCase("ENT")) {
      return new Replication(1, "open-source InfluxDB " + pong.version() + " (X-Influxdb-Build: " + pong.build()
          + " at " + http.settings().address() + "): one server keeps one copy of each point; it has no"
          + " clustering or replication");
    }
    ensureDatabase();
    for (Map<String, String> rp : retentionPolicies()) {
      if ("true".equals(rp.get("default"))) {
        return new Replication(Integer.parseInt(rp.getOrDefault("replicaN", "0")), "replicaN of retention policy "
            + rp.get("name") + ", the default of database " + http.settings().database() + " (InfluxDB Enterprise "
            + pong.version() + ")");
      }
    }
    return new Replication(0, "database " + http.settings().database() + " has no default retention policy");
  }

  /** Creates the database unless it is there (CREATE DATABASE is idempotent, but needs an admin login). */
  @Override
  public void prepare(List<String> substations) throws DBException {
    ensureDatabase();
    prepared = List.copyOf(substations);
  }

  private void ensureDatabase() throws DBException {
    QueryResults.Statement s = http.query("SHOW DATABASES", false).statement(0);
    boolean there = s.error().isEmpty() && s.series().stream().flatMap(x -> x.rowMaps().stream())
        .anyMatch(row -> http.settings().database().equals(row.get("name")));
    if (!there) {
      statementOk(http.query(InfluxQl.createDatabase(http.settings().database()), true), 0, "creating database");
    }
  }

  /** One request, one count statement per substation; a database not yet made holds nothing. */
  @Override
  public Map<String, Long> countReadings(List<String> substations) throws DBException {
    Map<String, Long> counts = new LinkedHashMap<>();
    if (substations.isEmpty()) {
      return counts;
    }
    QueryResults r = http.query(InfluxQl.counts(substations), false);
    for (int i = 0; i < substations.size(); i++) {
      QueryResults.Statement s = r.statement(i);
      if (s.error().isPresent() && s.error().get().startsWith(DATABASE_NOT_FOUND)) {
        counts.put(substations.get(i), 0L);
        continue;
      }
      try {
        counts.put(substations.get(i), s.number("count").map(Double::longValue).orElse(0L));
      } catch (IllegalStateException e) {
        throw new DBException("influxdb: counting substation " + substations.get(i) + " failed: " + e.getMessage());
      }
    }
    return counts;
  }

  /**
   * Drops the kit's measurement, every series of it; nothing to do when the database does not exist. InfluxDB 1.x
   * can answer a DROP MEASUREMENT and still hold some of its points (a drop that races a cache snapshot or a
   * compaction leaves them), so the purge counts what is left and drops again, a few times, before it gives up;
   * the cleanup's own count then says whether it worked.
   */
  @Override
  public void purge() throws DBException {
    for (int attempt = 1; ; attempt++) {
      QueryResults.Statement s = http.query(InfluxQl.dropReadings(), true).statement(0);
      if (s.error().isPresent() && !s.error().get().startsWith(DATABASE_NOT_FOUND)) {
        throw new DBException("influxdb: purge failed: " + s.error().get());
      }
      if (attempt == PURGE_ATTEMPTS || readingsLeft() == 0) {
        return;
      }
      try {
        Thread.sleep(PURGE_RETRY_MILLIS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new DBException("influxdb: interrupted while purging");
      }
    }
  }

  private long readingsLeft() throws DBException {
    QueryResults.Statement s = http.query(InfluxQl.countAll(), false).statement(0);
    if (s.error().isPresent()) {
      if (s.error().get().startsWith(DATABASE_NOT_FOUND)) {
        return 0;
      }
      throw new DBException("influxdb: counting after the purge failed: " + s.error().get());
    }
    return s.number("count").map(Double::longValue).orElse(0L);
  }

  @Override
  public void ping() throws DBException {
    http.ping();
  }

  /** The database, its default retention policy, the point's shape, and the series of the prepared substations. */
  @Override
  public Map<String, String> dataLayout() throws DBException {
    Map<String, String> layout = new LinkedHashMap<>();
    InfluxSettings s = http.settings();
    layout.put("database", s.database());
    for (Map<String, String> rp : retentionPolicies()) {
      if ("true".equals(rp.get("default"))) {
        layout.put("retention policy", rp.get("name") + " (default; duration " + duration(rp.get("duration"))
            + ", replicaN " + rp.get("replicaN") + ")");
        layout.put("shard group duration", rp.get("shardGroupDuration"));
      }
    }
    layout.put("measurement", LineProtocol.MEASUREMENT);
    layout.put("tags", LineProtocol.SUBSTATION + ", " + LineProtocol.SENSOR + " (a series per sensor)");
    layout.put("fields", LineProtocol.VALUE + " (float), " + LineProtocol.UNIT + " (string), " + LineProtocol.PADDING
        + " (string)");
    layout.put("timestamps", "microseconds (precision=u)");
    layout.put("readings per write request", Integer.toString(s.batchSize()));
    if (!prepared.isEmpty()) {
      QueryResults r = http.query(InfluxQl.seriesCounts(prepared), false);
      StringBuilder series = new StringBuilder();
      for (int i = 0; i < prepared.size(); i++) {
        long n = r.statement(i).error().isPresent() ? 0
            : r.statement(i).number("count").map(Double::longValue).orElse(0L);
        series.append(i == 0 ? "" : ", ").append(prepared.get(i)).append(' ').append(n);
      }
      layout.put("series per substation (before the first write)", series.toString());
    }
    return layout;
  }

  private static String duration(String d) {
    return "0s".equals(d) ? "infinite" : d;
  }

  private List<Map<String, String>> retentionPolicies() throws DBException {
    QueryResults.Statement s = http.query(InfluxQl.retentionPolicies(http.settings().database()), false)
        .statement(0);
    if (s.error().isPresent()) {
      return List.of();
    }
    return s.series().stream().flatMap(x -> x.rowMaps().stream()).toList();
  }

  /**
   * The version, the durability an acknowledged write has on this server (its WAL's fsync setting, default or
   * not), and the server's settings that differ from InfluxDB's defaults (SHOW DIAGNOSTICS).
   */
  @Override
  public Map<String, String> sutSettings() throws DBException {
    Map<String, String> settings = new LinkedHashMap<>();
    InfluxHttp.Pong pong = http.ping();
    settings.put("version", "InfluxDB " + pong.version() + " (" + pong.build() + ")");
    ServerDiagnostics diagnostics = ServerDiagnostics.read(http);
    settings.put("durability", diagnostics.durability());
    settings.putAll(diagnostics.changedSettings());
    InfluxSettings s = http.settings();
    settings.put("setting.influxdb.batch.size", Integer.toString(s.batchSize()));
    settings.put("setting.influxdb.batch.linger.ms", Long.toString(s.batchLinger().toMillis()));
    settings.put("setting.influxdb.requests.in.flight", Integer.toString(s.requestsInFlight()));
    return settings;
  }

  /** The start time influxd reports of itself in SHOW DIAGNOSTICS. */
  @Override
  public Map<String, String> serverStarts() throws DBException {
    return ServerDiagnostics.read(http).started().map(s -> Map.of("influxd", "started " + s)).orElse(Map.of());
  }

  private static void statementOk(QueryResults r, int i, String what) throws DBException {
    if (r.statement(i).error().isPresent()) {
      throw new DBException("influxdb: " + what + " failed: " + r.statement(i).error().get());
    }
  }

  /** Nothing to release: the JDK's client closes idle connections itself. */
  @Override
  public void close() {
  }
}
