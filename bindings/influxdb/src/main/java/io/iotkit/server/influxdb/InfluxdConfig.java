package io.iotkit.server.influxdb;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The configuration file the launcher writes for influxd: every folder under the server's own folder, the HTTP
 * API on the kit's address, the RPC address (8088 by default, for backup and restore) moved to a free loopback port
 * so that two local servers can run on one machine, and nothing sent home. The durability stays InfluxDB's own
 * default, said explicitly: {@code wal-fsync-delay = "0s"}, the WAL fsynced before a write is answered.
 */
final class InfluxdConfig {
  private InfluxdConfig() {
  }

  /**
   * The settings this file changes from influxd's defaults, as {@code section.key} to value, for the launcher's
   * log and the kit's disclosure (the binding reads them back from the server with SHOW DIAGNOSTICS).
   */
  static Map<String, String> changed(Path dir, String host, int httpPort, int rpcPort, boolean auth) {
    Map<String, String> m = new LinkedHashMap<>();
    m.put("reporting-disabled", "true");
    m.put("bind-address", address("127.0.0.1", rpcPort));
    m.put("meta.dir", dir.resolve("meta").toString());
    m.put("data.dir", dir.resolve("data").toString());
    m.put("data.wal-dir", dir.resolve("wal").toString());
    m.put("data.query-log-enabled", "false");
    m.put("monitor.store-enabled", "false");
    m.put("http.bind-address", address(host, httpPort));
    m.put("http.auth-enabled", Boolean.toString(auth));
    m.put("http.log-enabled", "false");
    m.put("http.pprof-enabled", "false");
    return m;
  }

  /** The TOML text of the configuration. */
  static String text(Path dir, String host, int httpPort, int rpcPort, boolean auth) {
    Map<String, String> c = changed(dir, host, httpPort, rpcPort, auth);
    return "# Written by the kit's launcher (StandaloneInfluxDb) for this server; rewritten at each start.\n"
        + "reporting-disabled = true\n"
        // Debian's influxd names the same switch reporting-enabled; each build ignores the key it does not know.
        + "reporting-enabled = false\n"
        + "bind-address = " + quoted(c.get("bind-address")) + "\n"
        + "[meta]\n"
        + "  dir = " + quoted(c.get("meta.dir")) + "\n"
        + "[data]\n"
        + "  dir = " + quoted(c.get("data.dir")) + "\n"
        + "  wal-dir = " + quoted(c.get("data.wal-dir")) + "\n"
        + "  wal-fsync-delay = \"0s\"\n"
        + "  query-log-enabled = false\n"
        + "[monitor]\n"
        // the _internal database would add writes of its own to the SUT's disk every 10 s
        + "  store-enabled = false\n"
        + "[http]\n"
        + "  enabled = true\n"
        + "  bind-address = " + quoted(c.get("http.bind-address")) + "\n"
        + "  auth-enabled = " + auth + "\n"
        // an access log line per write request would cost the SUT a disk write per batch
        + "  log-enabled = false\n"
        + "  pprof-enabled = false\n"
        + "[logging]\n"
        + "  suppress-logo = true\n";
  }

  /** host:port, an IPv6 literal in brackets. */
  static String address(String host, int port) {
    return (host.contains(":") ? "[" + host + "]" : host) + ":" + port;
  }

  /** A TOML basic string. */
  static String quoted(String s) {
    return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
  }
}
