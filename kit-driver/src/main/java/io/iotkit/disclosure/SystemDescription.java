package io.iotkit.disclosure;

import java.util.List;

/**
 * The sponsor's description of the system under test (workloads/system.json), for the FDR and the executive
 * summary. Anything left null or empty is listed as missing in those documents, never invented.
 */
public record SystemDescription(String sponsor, String systemName, String auditor, Hardware hardware,
                                Software software, List<Tunable> tunables, String dataLayout,
                                String pricedVersusMeasured) {

  /** The hardware of the measured (and priced) configuration. */
  public record Hardware(String nodes, String processors, String memory, String storage, String network,
                         String other) {
  }

  /** The software stack. */
  public record Software(String dataManagementSystem, String operatingSystem, String jvm, String other) {
  }

  /** One setting changed from its default. */
  public record Tunable(String component, String setting, String value) {
  }
}
