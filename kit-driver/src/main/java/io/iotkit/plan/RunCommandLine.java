package io.iotkit.plan;

import io.iotkit.model.RunPlan;
import io.iotkit.model.WorkloadSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The commands a plan leads to, with the options the plan was given, quoted for a shell: the run with the planned K,
 * or another plan under a proposed {@code --sut-cpus}.
 */
final class RunCommandLine {
  private RunCommandLine() {
  }

  /** @param results the results folder as given to the plan, or null for the default */
  static String of(RunPlan.Inputs in, long kvps, String results) {
    List<String> args = new ArrayList<>(List.of("bin/tpcx-iot.sh", "-b", in.binding(), "-p",
        Integer.toString(in.substations()), "-k", Long.toString(kvps)));
    args.addAll(sutOptions(in, in.sutCpus()));
    if (results != null) {
      args.addAll(List.of("--results", results));
    }
    return shell(args);
  }

  /** The plan again, with the local server confined to {@code sutCpus}. */
  static String plan(RunPlan.Inputs in, double sutCpus, String results) {
    List<String> args = new ArrayList<>(List.of("bin/tpcx-iot.sh", "plan", "-b", in.binding(), "-p",
        Integer.toString(in.substations())));
    args.addAll(sutOptions(in, sutCpus));
    args.addAll(List.of("--calibration-seconds", number(in.calibrationSeconds()), "--margin",
        number(in.marginPercent())));
    if (results != null) {
      args.addAll(List.of("--results", results));
    }
    return shell(args);
  }

  /** What a run and a plan share: where the SUT is, how it is confined, the driver's hosts, threads and JVMs. */
  private static List<String> sutOptions(RunPlan.Inputs in, double sutCpus) {
    List<String> args = new ArrayList<>();
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
    if (sutCpus > 0) {
      args.addAll(List.of("--sut-cpus", number(sutCpus)));
    }
    if (in.sutMemoryBytes() > 0) {
      args.addAll(List.of("--sut-memory", Long.toString(in.sutMemoryBytes())));
    }
    if (in.threads() != WorkloadSpec.THREADS_PER_INSTANCE) {
      args.addAll(List.of("--threads", Integer.toString(in.threads())));
    }
    if (in.instanceJvmOptions() != null) {
      args.addAll(List.of("--instance-jvm-options", String.join(" ", in.instanceJvmOptions())));
    }
    return args;
  }

  private static String shell(List<String> args) {
    return String.join(" ", args.stream().map(RunCommandLine::quoted).toList());
  }

  /** A number as a command line and a plan's text write it: 0.35, 2, never 2.00. */
  static String number(double v) {
    return v == Math.rint(v) ? String.format(Locale.ROOT, "%.0f", v)
        : String.format(Locale.ROOT, "%.2f", v).replaceAll("0+$", "");
  }

  /** A word as a POSIX shell reads it back: bare when safe, otherwise in single quotes. */
  static String quoted(String word) {
    if (!word.isEmpty() && word.matches("[A-Za-z0-9_./:=,@%+-]+")) {
      return word;
    }
    return "'" + word.replace("'", "'\\''") + "'";
  }
}
