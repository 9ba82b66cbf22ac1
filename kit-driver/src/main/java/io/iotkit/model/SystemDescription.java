package io.iotkit.model;

import java.time.LocalDate;
import java.util.List;

/**
 * The sponsor's description of the system under test (workloads/system.json), for the FDR and the executive
 * summary. Anything left null or empty is listed as missing in those documents, never invented. The pricing line
 * items and the availability date are not here: they are in the pricing file. Its fields, and the schema it is
 * checked against when a run reads it, are in docs/SPONSOR-FILES.md.
 *
 * <p>Two configurations, each described with its diagram: the measured one ({@code hardware}) and the priced one
 * ({@code pricedHardware}); a description without {@code pricedHardware} (every one written before it existed)
 * prices the measured configuration itself. {@code pricedConfigurationDifferences} says how the two differ (write
 * "none" when they are the same).
 *
 * @param systemName the name of the system as the sponsor publishes it
 * @param reportDate the date of the report; optional, the run's finish date when null
 * @param auditor name and company of the auditor; for an unaudited run the sponsor writes so
 * @param hardware the measured configuration: what the run ran on
 * @param pricedHardware the priced configuration; optional, null when it is the measured configuration
 * @param tunables every setting changed from its default (SUT, OS, JVM, kit); an empty list says none was changed
 * @param compilerOptions the compiler optimisation options of any software compiled for the run (e.g. a native
 *     server built from source), as free text; optional, null when the sponsor names none
 * @param dataLayout tables, column families or schemas, partitioning and pre-splitting, replication
 */
public record SystemDescription(String sponsor, String systemName, LocalDate reportDate, String auditor,
                                Hardware hardware, Hardware pricedHardware, Software software,
                                List<Tunable> tunables, String compilerOptions, String dataLayout,
                                String pricedConfigurationDifferences) {

  /** A description with nothing filled in: what a run without one is shown as. */
  public static final SystemDescription NONE =
      new SystemDescription(null, null, null, null, null, null, null, null, null);

  /** A description whose priced configuration is the measured one, naming no compiler options. */
  public SystemDescription(String sponsor, String systemName, LocalDate reportDate, String auditor,
                           Hardware hardware, Software software, List<Tunable> tunables, String dataLayout,
                           String pricedConfigurationDifferences) {
    this(sponsor, systemName, reportDate, auditor, hardware, null, software, tunables, null, dataLayout,
        pricedConfigurationDifferences);
  }

  /** The priced configuration: {@code pricedHardware}, or the measured {@code hardware} when it gives none. */
  public Hardware pricedConfiguration() {
    return pricedHardware != null ? pricedHardware : hardware;
  }

  /**
   * The hardware of one configuration, measured or priced.
   *
   * @param diagram where the diagram of every node, switch and storage system is (file name or section)
   * @param network the network between the nodes: switches, LAN count and speed
   * @param other any other hardware used in the test or priced; optional
   */
  public record Hardware(String diagram, List<Node> nodes, String network, String other) {
  }

  /**
   * One kind of node: {@code count} identical machines in one role.
   *
   * @param role what the nodes do, e.g. "HBase region server" or "driver"
   * @param memoryPartitioning memory partitioning unique to the SUT; optional
   * @param storageControllers the disk controllers, channels or bus connections and protocol
   * @param network the node's LAN connections: count and speed
   */
  public record Node(String role, Integer count, String model, Processors processors, String memory,
                     String memoryPartitioning, List<Disks> disks, String storageControllers, String network) {
  }

  /**
   * The processors of one node.
   *
   * @param count processors (sockets) per node
   * @param caches the cache sizes, e.g. "L2 1 MiB per core, L3 32 MiB shared"
   */
  public record Processors(String model, Integer count, Integer coresPerProcessor, Integer threadsPerCore,
                           String caches) {
  }

  /**
   * Identical disk units of one node.
   *
   * @param type e.g. "NVMe SSD", "SAS HDD 10k rpm"
   * @param capacity the capacity of one unit, e.g. "1.92 TB"
   */
  public record Disks(Integer count, String type, String capacity) {
  }

  /**
   * The software stack.
   *
   * @param other any other software used in the test or priced; optional
   */
  public record Software(Product dataManagementSystem, Product operatingSystem, Product jvm, List<Product> other) {
  }

  /** One piece of software and its version. */
  public record Product(String name, String version) {
  }

  /**
   * One setting changed from its default.
   *
   * @param component SUT, OS, JVM or kit, or a finer name such as "hbase-site.xml"
   */
  public record Tunable(String component, String setting, String value) {
  }

  /**
   * A system description file that is missing, is not JSON, or breaks its schema: the message is what the user sees,
   * one line naming the file, then one line per bad field.
   */
  public static final class InvalidSystemDescriptionException extends Exception {
    public InvalidSystemDescriptionException(String message) {
      super(message);
    }
  }
}
