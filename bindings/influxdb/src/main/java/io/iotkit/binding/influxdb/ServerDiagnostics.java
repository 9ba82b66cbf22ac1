package io.iotkit.binding.influxdb;

import java.util.LinkedHashMap;
import java.util.Map;
import site.ycsb.DBException;

/**
 * The configuration influxd reports in SHOW DIAGNOSTICS (sections {@code config}, {@code config-data},
 * {@code config-httpd}, ...), compared with InfluxDB 1.x's defaults. It holds no credentials: InfluxDB reports
 * addresses, folders, sizes and switches only. An account without admin rights may not read it; then nothing is
 * reported and the durability says so.
 */
final class ServerDiagnostics {
  /** InfluxDB 1.x's defaults of what SHOW DIAGNOSTICS reports, as section.key (the section's "config-" dropped). */
  static final Map<String, String> DEFAULTS = Map.ofEntries(
      Map.entry("config.bind-address", "127.0.0.1:8088"),
      Map.entry("config.reporting-disabled", "false"),
      Map.entry("data.cache-max-memory-size", "1073741824"),
      Map.entry("data.cache-snapshot-memory-size", "26214400"),
      Map.entry("data.cache-snapshot-write-cold-duration", "10m0s"),
      Map.entry("data.compact-full-write-cold-duration", "4h0m0s"),
      Map.entry("data.max-concurrent-compactions", "0"),
      Map.entry("data.max-series-per-database", "1000000"),
      Map.entry("data.max-values-per-tag", "100000"),
      Map.entry("data.wal-fsync-delay", "0s"),
      Map.entry("data.dir", "/var/lib/influxdb/data"),
      Map.entry("data.wal-dir", "/var/lib/influxdb/wal"),
      Map.entry("meta.dir", "/var/lib/influxdb/meta"),
      Map.entry("coordinator.log-queries-after", "0s"),
      Map.entry("coordinator.max-concurrent-queries", "0"),
      Map.entry("coordinator.max-select-buckets", "0"),
      Map.entry("coordinator.max-select-point", "0"),
      Map.entry("coordinator.max-select-series", "0"),
      Map.entry("coordinator.query-timeout", "0s"),
      Map.entry("coordinator.write-timeout", "10s"),
      Map.entry("cqs.enabled", "true"),
      Map.entry("cqs.query-stats-enabled", "false"),
      Map.entry("cqs.run-interval", "1s"),
      Map.entry("httpd.access-log-path", ""),
      Map.entry("httpd.bind-address", ":8086"),
      Map.entry("httpd.enabled", "true"),
      Map.entry("httpd.https-enabled", "false"),
      Map.entry("httpd.max-connection-limit", "0"),
      Map.entry("httpd.max-row-limit", "0"),
      Map.entry("monitor.store-enabled", "true"),
      Map.entry("precreator.advance-period", "30m0s"),
      Map.entry("precreator.check-interval", "10m0s"),
      Map.entry("precreator.enabled", "true"),
      Map.entry("retention.check-interval", "30m0s"),
      Map.entry("retention.enabled", "true"),
      Map.entry("subscriber.enabled", "true"),
      Map.entry("subscriber.http-timeout", "30s"),
      Map.entry("subscriber.write-buffer-size", "1000"),
      Map.entry("subscriber.write-concurrency", "40"));

  private final Map<String, String> config;
  private final String started;
  private final String unreadable;

  private ServerDiagnostics(Map<String, String> config, String started, String unreadable) {
    this.config = config;
    this.started = started;
    this.unreadable = unreadable;
  }

  /** The diagnostics of a server whose config reads so (section.key to value). */
  static ServerDiagnostics of(Map<String, String> config) {
    return new ServerDiagnostics(Map.copyOf(config), null, null);
  }

  static ServerDiagnostics read(InfluxHttp http) throws DBException {
    QueryResults.Statement s = http.query("SHOW DIAGNOSTICS", false).statement(0);
    if (s.error().isPresent()) {
      return new ServerDiagnostics(Map.of(), null, s.error().get());
    }
    String started = s.series().stream().filter(x -> x.name().equals("system") && !x.rowMaps().isEmpty())
        .map(x -> x.rowMaps().get(0).get("started")).filter(java.util.Objects::nonNull).findFirst().orElse(null);
    return new ServerDiagnostics(config(s), started, null);
  }

  /** When influxd started, as its "system" section says; empty when it does not say (or would not answer). */
  java.util.Optional<String> started() {
    return java.util.Optional.ofNullable(started);
  }

  /** Each config section's one row as section.key to value text. */
  static Map<String, String> config(QueryResults.Statement s) {
    Map<String, String> config = new LinkedHashMap<>();
    for (QueryResults.Series series : s.series()) {
      if (!series.name().startsWith("config") || series.rowMaps().isEmpty()) {
        continue;
      }
      String section = series.name().equals("config") ? "config" : series.name().substring("config-".length());
      series.rowMaps().get(0).forEach((k, v) -> config.put(section + "." + k, v));
    }
    return config;
  }

  /** {@code setting.<section.key>} for every reported setting that is not InfluxDB's default (or has none known). */
  Map<String, String> changedSettings() {
    Map<String, String> changed = new LinkedHashMap<>();
    config.forEach((k, v) -> {
      // Debian's build reports the switch as reporting-enabled, default false
      boolean debianDefault = k.equals("config.reporting-enabled") && v.equals("false");
      if (!v.equals(DEFAULTS.get(k)) && !debianDefault) {
        changed.put("setting." + k, v);
      }
    });
    return changed;
  }

  /** What a 204 means on this server: the WAL's fsync setting. */
  String durability() {
    if (unreadable != null) {
      return "wal-fsync-delay not readable (SHOW DIAGNOSTICS: " + unreadable + ")";
    }
    String delay = config.getOrDefault("data.wal-fsync-delay", "unknown");
    // influxd's WAL answers a write only after the fsync it scheduled; a delay batches writes into one fsync
    return "wal-fsync-delay=" + delay + ("0s".equals(delay)
        ? " (each write request is answered 204 once its points are in the WAL and the WAL is fsynced)"
        : " (a write request waits up to this long for an fsync shared with other writes, then is answered 204)");
  }
}
