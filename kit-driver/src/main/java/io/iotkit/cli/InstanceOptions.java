package io.iotkit.cli;

import io.iotkit.hosts.InstanceMemory;
import io.iotkit.model.WorkloadSpec;
import java.util.Arrays;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * How each driver instance of a run or a plan is made: its insert threads, its JVM options, and how often a console
 * that is not a terminal hears of it; declared once as a picocli mixin.
 */
final class InstanceOptions {
  @Option(names = "--threads", defaultValue = "" + WorkloadSpec.THREADS_PER_INSTANCE, paramLabel = "N",
      description = "Insert threads per instance; any value but the default makes a non-compliant trial run"
          + " (default: ${DEFAULT-VALUE}).")
  int threads;

  @Option(names = "--instance-jvm-options", paramLabel = "OPTS",
      description = "JVM options of each driver instance (default: -Xms256m -Xmx1g -XX:+UseParallelGC; for -b null,"
          + " which keeps nothing, -Xms64m -Xmx384m -XX:+UseParallelGC). A host must hold its instances: each counts"
          + " as its -Xmx plus 192 MiB, within 90%% of the host's memory.")
  String jvmOptions;

  @Option(names = "--progress-interval", defaultValue = "10", paramLabel = "SECONDS",
      description = "When output is not a terminal, print a progress line every SECONDS (default: ${DEFAULT-VALUE}).")
  int progressInterval;

  /** --instance-jvm-options split into words, or the binding's default. */
  List<String> jvmOptions(String binding) {
    if (jvmOptions == null) {
      return InstanceMemory.defaultOptions(binding);
    }
    return Arrays.stream(jvmOptions.trim().split("\\s+")).filter(s -> !s.isEmpty()).toList();
  }

  /** The progress interval, checked: one line for a bad value. */
  int progressSeconds() throws BadInputException {
    if (progressInterval < 1) {
      throw new BadInputException("--progress-interval must be at least 1 second (it was " + progressInterval + ")");
    }
    return progressInterval;
  }
}
