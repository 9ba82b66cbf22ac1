package io.iotkit.server.dynamodb;

import io.iotkit.process.ParentWatch;
import java.io.IOException;
import java.nio.file.Files;

/**
 * A local DynamoDB emulator for users with no DynamoDB table: dynalite (npm, Apache-2.0) on the machine's Node.js,
 * installed under the kit at first use ({@link DynaliteInstall}), its LevelDB under DIR. Prints {@code READY
 * host=<host> port=<port> version=<dynalite version> pid=<node pid>} once it listens. It is not DynamoDB.
 *
 * <p>It speaks the kit's launch protocol (see {@code io.iotkit.process.ServerProcess}): a {@code STOP} line on
 * stdin, or stdin closing because the kit is gone, stops dynalite and ends this JVM, so no server outlives the kit
 * ({@link ParentWatch}). With {@code --detached} (bin/tpcx-iot.sh server start) it ignores stdin and stops on
 * SIGTERM. Either way a JVM shutdown stops dynalite first.
 *
 * <p>Exit codes: 0 stopped on request, 1 dynalite died, 2 could not start.
 */
public final class StandaloneDynalite {
  private StandaloneDynalite() {
  }

  public static void main(String[] args) {
    Dynalite dynalite;
    DynaliteInstall install;
    try {
      LaunchOptions o = LaunchOptions.parse(args);
      Files.createDirectories(o.dir());
      install = new DynaliteInstall(o.install());
      install.ensure();
      dynalite = new Dynalite(install.node(), install.cli(), o.dir(), o.host());
      Dynalite d = dynalite;
      Runtime.getRuntime().addShutdownHook(new Thread(d::stop, "stop-dynalite"));
      if (!o.detached()) {
        ParentWatch.start(d::stop);
      }
      dynalite.start(o.port());
      System.out.println("READY host=" + o.host() + " port=" + dynalite.port() + " version=" + install.version()
          + " pid=" + dynalite.pid());
      System.out.flush();
    } catch (IOException | IllegalArgumentException e) {
      System.err.println("local DynamoDB emulator: " + e.getMessage());
      System.exit(2);
      return;
    } catch (InterruptedException e) {
      System.exit(2);
      return;
    }
    try {
      int code = dynalite.waitFor();
      if (dynalite.stopping()) {
        return; // stopped on request; the thread that asked ends the JVM
      }
      System.err.println("local DynamoDB emulator: dynalite exited with code " + code + "; see " + dynalite.log());
      System.exit(1);
    } catch (InterruptedException e) {
      System.exit(1);
    }
  }
}
