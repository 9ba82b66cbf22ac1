package io.iotkit.hosts;

import java.nio.file.Path;
import java.util.List;

/**
 * Where a driver instance runs: the master's own host, or a driver host behind ssh. Both run the same command;
 * a remote site only puts it behind {@code ssh} and names the kit folder and Java of its host.
 */
public interface InstanceSite {
  /** The name of the master's own host. */
  String LOCAL = "local";

  /** The host's name for lines and reports: {@value #LOCAL}, or {@code [user@]host[:port]}. */
  String name();

  /** Whether the host is another than the master's (its instances run behind ssh). */
  default boolean remote() {
    return !LOCAL.equals(name());
  }

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
        return LOCAL;
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
