package io.iotkit.environment;

import java.util.List;

/** Reads the {@link Environment} of the machine the master runs on. */
public final class EnvironmentProbe {
  private EnvironmentProbe() {
  }

  /** What the kit can read of this machine; anything unreadable is null. */
  public static Environment collect(List<String> instanceJvmOptions) {
    Runtime rt = Runtime.getRuntime();
    return new Environment(null, System.getProperty("os.name"), System.getProperty("os.version"),
        System.getProperty("os.arch"), null, rt.availableProcessors(), null, List.of(),
        System.getProperty("java.vm.vendor") + " " + System.getProperty("java.vm.name") + " "
            + System.getProperty("java.vm.version"),
        java.lang.management.ManagementFactory.getRuntimeMXBean().getInputArguments(), instanceJvmOptions);
  }
}
