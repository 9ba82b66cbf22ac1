package io.iotkit.server.influxdb;

import io.iotkit.process.ParentWatch;
import java.io.IOException;
import java.nio.file.Files;

/**
 * A real InfluxDB 1.x for users with no InfluxDB of their own: the machine's own influxd (Debian's package
 * influxdb), with a configuration the launcher writes ({@link InfluxdConfig}) and every folder under DIR. Prints
 * {@code READY host=<host> port=<port> url=<url> version=<version> pid=<influxd pid> auth=<true|false>} once
 * /ping answers (and, with an account, once its admin user exists).
 *
 * <p>It speaks the kit's launch protocol (see {@code io.iotkit.process.ServerProcess}): a {@code STOP} line on
 * stdin, or stdin closing because the kit is gone, stops influxd cleanly and ends this JVM, so no server outlives
 * the kit ({@link ParentWatch}). With {@code --detached} (bin/tpcx-iot.sh server start) it ignores stdin and stops
 * on SIGTERM. Either way a JVM shutdown stops influxd first.
 *
 * <p>Exit codes: 0 stopped on request, 1 influxd died, 2 could not start.
 */
public final class StandaloneInfluxDb {
  private StandaloneInfluxDb() {
  }

  public static void main(String[] args) {
    Influxd influxd;
    try {
      LaunchOptions o = LaunchOptions.parse(args);
      AdminAccount account = o.account() == null ? null : AdminAccount.read(o.account());
      Files.createDirectories(o.dir());
      influxd = new Influxd(o.influxd(), o.dir(), o.host(), account != null);
      Influxd i = influxd;
      Runtime.getRuntime().addShutdownHook(new Thread(i::stop, "stop-influxd"));
      if (!o.detached()) {
        ParentWatch.start(i::stop);
      }
      influxd.start(o.port());
      if (account != null) {
        account.ensureOn(influxd.url());
      }
      System.out.println("READY host=" + o.host() + " port=" + influxd.port() + " url=" + influxd.url()
          + " version=" + influxd.version() + " pid=" + influxd.pid() + " auth=" + (account != null));
      System.out.flush();
    } catch (IOException | IllegalArgumentException e) {
      System.err.println("local InfluxDB: " + e.getMessage());
      System.exit(2);
      return;
    } catch (InterruptedException e) {
      System.exit(2);
      return;
    }
    try {
      int code = influxd.waitFor();
      if (influxd.stopping()) {
        return; // stopped on request; the thread that asked ends the JVM
      }
      System.err.println("local InfluxDB: influxd exited with code " + code + "; see " + influxd.log());
      System.exit(1);
    } catch (InterruptedException e) {
      System.exit(1);
    }
  }
}
