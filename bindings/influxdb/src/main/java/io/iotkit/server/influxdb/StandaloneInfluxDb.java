package io.iotkit.server.influxdb;

import io.iotkit.process.Launcher;
import java.io.IOException;
import java.nio.file.Files;

/**
 * A real InfluxDB 1.x for users with no InfluxDB of their own: the machine's own influxd (Debian's package
 * influxdb), with a configuration the launcher writes ({@link InfluxdConfig}) and every folder under DIR. Prints
 * {@code READY host=<host> port=<port> url=<url> version=<version> pid=<influxd pid> auth=<true|false>} once
 * /ping answers (and, with an account, once its admin user exists). The launch protocol and the exit codes are
 * {@link Launcher}'s.
 */
public final class StandaloneInfluxDb {
  private StandaloneInfluxDb() {
  }

  public static void main(String[] args) {
    Launcher.run("local InfluxDB", args, StandaloneInfluxDb::server);
  }

  private static Launcher.Server server(String[] args) throws IOException {
    LaunchOptions o = LaunchOptions.parse(args);
    AdminAccount account = o.account() == null ? null : AdminAccount.read(o.account());
    Files.createDirectories(o.dir());
    Influxd influxd = new Influxd(o.influxd(), o.dir(), o.host(), account != null);
    return influxd.serving(() -> {
      influxd.start(o.port());
      if (account != null) {
        account.ensureOn(influxd.url());
      }
      return Launcher.facts("host", o.host(), "port", influxd.port(), "url", influxd.url(),
          "version", influxd.version(), "pid", influxd.pid(), "auth", account != null);
    });
  }
}
