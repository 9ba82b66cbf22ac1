package io.iotkit.study;

/**
 * A run option a study may sweep: the run's own option name, the name study.json and the tables use, and whether
 * its values are numbers (drawn on a numeric axis) or names (drawn as categories).
 */
public enum Swept {
  BINDING("-b", "binding", false),
  SUBSTATIONS("-p", "P", true),
  THREADS("--threads", "threads", true),
  RATE("--rate", "rate", true),
  KVP_BYTES("--kvp-bytes", "kvp bytes", true),
  ARRIVALS("--arrivals", "arrivals", false),
  /** CPUs the kit's local SUT is confined to; fractions allowed. A sweep of it gives IoTps per CPU of a store. */
  SUT_CPUS("--sut-cpus", "SUT CPUs", true),
  /** One binding property, e.g. mysql.batch.size; its axis is named after the property. */
  BINDING_PROPERTY("--binding-property", "binding property", false),
  /** kvps per workload execution: a sweep of it shows whether a store's rate holds as its executions grow. */
  KVPS("-k", "K", true),
  /**
   * Insert threads over all instances: each point runs as few instances as hold its clients evenly, at most 200
   * threads each (one per sensor), so 500 clients are 4 instances of 125.
   */
  CLIENTS("--clients", "clients", true),
  /**
   * Queries a second per instance of the read-only execution after each measured run: a sweep of it gives the
   * read side's latency against offered queries.
   */
  QUERIES_PER_SECOND("--queries-per-second", "queries/s", true);

  private final String option;
  private final String label;
  private final boolean numeric;

  Swept(String option, String label, boolean numeric) {
    this.option = option;
    this.label = label;
    this.numeric = numeric;
  }

  /** The run's option, e.g. "-p". */
  public String option() {
    return option;
  }

  /** A short name for table headings and axes, e.g. "P". */
  public String label() {
    return label;
  }

  public boolean numeric() {
    return numeric;
  }
}
