package io.iotkit.server.dynamodb;

import io.iotkit.process.Launcher;
import java.io.IOException;
import java.nio.file.Files;

/**
 * A local DynamoDB emulator for users with no DynamoDB table: dynalite (npm, Apache-2.0) on the machine's Node.js,
 * installed under the kit at first use ({@link DynaliteInstall}), its LevelDB under DIR. Prints {@code READY
 * host=<host> port=<port> version=<dynalite version> pid=<node pid>} once it listens. It is not DynamoDB. The launch
 * protocol and the exit codes are {@link Launcher}'s.
 */
public final class StandaloneDynalite {
  private StandaloneDynalite() {
  }

  public static void main(String[] args) {
    Launcher.run("local DynamoDB emulator", args, StandaloneDynalite::server);
  }

  private static Launcher.Server server(String[] args) throws IOException, InterruptedException {
    LaunchOptions o = LaunchOptions.parse(args);
    Files.createDirectories(o.dir());
    DynaliteInstall install = new DynaliteInstall(o.install());
    install.ensure();
    Dynalite dynalite = new Dynalite(install.node(), install.cli(), o.dir(), o.host());
    return dynalite.serving(() -> {
      dynalite.start(o.port());
      return Launcher.facts("host", o.host(), "port", dynalite.port(), "version", install.version(),
          "pid", dynalite.pid());
    });
  }
}
