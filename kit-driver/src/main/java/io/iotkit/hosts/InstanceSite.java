package io.iotkit.hosts;

import java.nio.file.Path;
import java.util.List;

/**
 * Where a driver instance runs: the master's own host, or a driver host behind ssh. Both run the same command;
 * a remote site only puts it behind {@code ssh} and names the kit folder and Java of its host.
 */
public interface InstanceSite {

  /** The host's name for lines and reports: "local", or {@code [user@]host[:port]}. */
  String name();

  /** The kit's folder on the host. */
  Path kitHome();

  /** The java binary on the host. */
  String java();

  /** The host's clock against the master's. */
  ClockOffset clock();

  /** The command that runs {@code command} (a java command line for this host) there. */
  List<String> launch(List<String> command);

  /** The site of the master's own host. */
  static InstanceSite local(Path kitHome) {
    return new InstanceSite() {
      @Override
      public String name() {
        return "local";
      }

      @Override
      public Path kitHome() {
        return kitHome;
      }

      @Override
      public String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
      }

      @Override
      public ClockOffset clock() {
        return ClockOffset.NONE;
      }

      @Override
      public List<String> launch(List<String> command) {
        return command;
      }
    };
  }
}
