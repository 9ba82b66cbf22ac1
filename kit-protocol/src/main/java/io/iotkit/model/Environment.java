package io.iotkit.model;

import java.util.List;

/**
 * The machine the master ran on, as the kit read it itself (for the FDR's configuration section).
 * Figures it could not read are null, never guessed.
 *
 * @param hostname the machine's host name
 * @param os the operating system and its version, e.g. Debian GNU/Linux 12 (bookworm)
 * @param kernel the kernel release, e.g. 6.1.0-18-amd64
 * @param architecture the processor architecture the JVM runs on, e.g. amd64
 * @param cpuModel the processor model name
 * @param logicalCpus hardware threads the OS schedules on
 * @param sockets processor packages (distinct "physical id" of /proc/cpuinfo)
 * @param physicalCores cores over all packages (distinct "physical id"/"core id" pairs)
 * @param caches the caches of the first logical CPU, smallest level first
 * @param memoryBytes physical memory
 * @param disks block devices, without loop, ram and zram devices
 * @param jvm the master JVM: vendor, name and version
 * @param masterJvmFlags the master JVM's own arguments, secret values removed
 * @param instanceJvmOptions the JVM options every driver instance ran with, secret values removed
 */
public record Environment(String hostname, String os, String kernel, String architecture, String cpuModel,
                          Integer logicalCpus, Integer sockets, Integer physicalCores, List<Cache> caches,
                          Long memoryBytes, List<Disk> disks, String jvm, List<String> masterJvmFlags,
                          List<String> instanceJvmOptions) {

  /**
   * One block device.
   *
   * @param name the kernel's name for it, e.g. nvme0n1
   * @param model the model the device reports, null when it reports none
   * @param sizeBytes its capacity
   * @param rotational true for a spinning disk, false for SSD/NVMe, null when unknown
   */
  public record Disk(String name, String model, Long sizeBytes, Boolean rotational) {
  }

  /**
   * One processor cache as one logical CPU sees it.
   *
   * @param name L1d, L1i, L2, L3, ...
   * @param sizeBytes size of one instance of the cache
   */
  public record Cache(String name, Long sizeBytes) {
  }
}
