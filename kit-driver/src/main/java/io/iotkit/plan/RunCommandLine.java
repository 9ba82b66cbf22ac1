package io.iotkit.plan;

import io.iotkit.model.RunPlan;
import io.iotkit.model.WorkloadSpec;
import java.util.ArrayList;
import java.util.List;

/** The run's command line for a plan: the planned K with the options the plan was given, quoted for a shell. */
final class RunCommandLine {
  private RunCommandLine() {
  }

  /** @param results the results folder as given to the plan, or null for the default */
  static String of(RunPlan.Inputs in, long kvps, String results) {
    List<String> args = new ArrayList<>(List.of("bin/tpcx-iot.sh", "-b", in.binding(), "-p",
        Integer.toString(in.substations()), "-k", Long.toString(kvps)));
    if (in.bindingProperties() != null) {
      args.addAll(List.of("--binding-properties", in.bindingProperties()));
    }
    if (in.hosts() != null) {
      args.addAll(List.of("--hosts", in.hosts()));
      args.addAll(in.hostOptions());
    }
    if (in.sutNodes() != 1) {
      args.addAll(List.of("--sut-nodes", Integer.toString(in.sutNodes())));
    }
    if (in.threads() != WorkloadSpec.THREADS_PER_INSTANCE) {
      args.addAll(List.of("--threads", Integer.toString(in.threads())));
    }
    if (in.instanceJvmOptions() != null) {
      args.addAll(List.of("--instance-jvm-options", String.join(" ", in.instanceJvmOptions())));
    }
    if (results != null) {
      args.addAll(List.of("--results", results));
    }
    return String.join(" ", args.stream().map(RunCommandLine::quoted).toList());
  }

  /** A word as a POSIX shell reads it back: bare when safe, otherwise in single quotes. */
  static String quoted(String word) {
    if (!word.isEmpty() && word.matches("[A-Za-z0-9_./:=,@%+-]+")) {
      return word;
    }
    return "'" + word.replace("'", "'\\''") + "'";
  }
}
