package io.iotkit.environment;

import java.util.List;

/**
 * The machine the master ran on, as the kit read it itself (for the FDR's configuration section).
 * Figures it could not read are null, never guessed.
 *
 * @param kernel the kernel release, e.g. 6.1.0-18-amd64
 * @param cpuModel the processor model name
 * @param logicalCpus hardware threads the OS schedules on
 * @param memoryBytes physical memory
 * @param jvm the master JVM: vendor, name and version
 * @param masterJvmFlags the master JVM's own arguments
 * @param instanceJvmOptions the JVM options every driver instance ran with
 */
public record Environment(String hostname, String os, String kernel, String architecture, String cpuModel,
                          Integer logicalCpus, Long memoryBytes, List<Disk> disks, String jvm,
                          List<String> masterJvmFlags, List<String> instanceJvmOptions) {

  /**
   * One block device.
   *
   * @param rotational true for a spinning disk, false for SSD/NVMe, null when unknown
   */
  public record Disk(String name, String model, Long sizeBytes, Boolean rotational) {
  }
}
