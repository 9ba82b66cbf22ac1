package io.iotkit.cli;

import io.iotkit.process.SutLimits;
import picocli.CommandLine.Option;

/**
 * The options that confine the kit's local server ({@code --sut-cpus}, {@code --sut-memory}), declared once as a
 * picocli mixin for the run and the plan.
 */
final class SutLimitOptions {
  @Option(names = "--sut-cpus", paramLabel = "N",
      description = "Confine every process of the local server the kit starts to N CPUs' worth of time together"
          + " (fractions allowed, e.g. 0.6), with a cgroup; part of the SUT's description (default: no limit).")
  double cpus;

  @Option(names = "--sut-memory", paramLabel = "SIZE",
      description = "Confine the local server's processes to SIZE of memory together, e.g. 6g or 512m, with a"
          + " cgroup; a server that needs more is killed by the kernel (default: no limit).")
  String memory;

  /** The limits as given; throws IllegalArgumentException with one line for a bad value. */
  SutLimits limits() {
    return new SutLimits(cpus, SutLimits.parseMemory(memory));
  }
}
