package io.iotkit.study;

import java.util.Arrays;
import java.util.Optional;
import java.util.function.Function;

/**
 * A figure of a study's row that a weighted score can weigh, by the name a weights file gives it. Most are costs
 * (lower is better); IoTps is a benefit, which the score weighs by its inverse, the time per reading.
 */
public enum ScoredFigure {
  SUT_CPU("sutCpu", "SUT CPU s/s", true, r -> r.resources().sutCpu()),
  SUT_MEMORY("sutMemory", "SUT memory peak", true, r -> r.resources().sutMemoryPeakBytes()),
  SUT_DISK_WRITES("sutDiskWrites", "SUT disk writes/s", true, r -> r.resources().sutDiskWriteBytesPerSecond()),
  SUT_FOLDER_GROWTH("sutFolderGrowth", "SUT folder growth", true, r -> r.resources().sutFolderGrowthBytes()),
  SUT_NETWORK("sutNetwork", "SUT network/s", true, r -> r.resources().sutNetBytesPerSecond()),
  INSTANCES_CPU("instancesCpu", "instances CPU s/s", true, r -> r.resources().instancesCpu()),
  INSTANCES_MEMORY("instancesMemory", "instances memory peak", true, r -> r.resources().driverMemoryPeakBytes()),
  INSTANCES_NETWORK("instancesNetwork", "instances network/s", true, r -> r.resources().driverNetBytesPerSecond()),
  INGEST_P99("ingestP99", "ingest p99", true, r -> r.ingestLatency().p99Ms()),
  IOTPS("iotps", "IoTps", false, StudyRow::iotps);

  private final String key;
  private final String label;
  private final boolean cost;
  private final Function<StudyRow, Double> value;

  ScoredFigure(String key, String label, boolean cost, Function<StudyRow, Double> value) {
    this.key = key;
    this.label = label;
    this.cost = cost;
    this.value = value;
  }

  /** Its name in a weights file, e.g. "sutCpu". */
  public String key() {
    return key;
  }

  public String label() {
    return label;
  }

  /** Whether lower is better. */
  public boolean cost() {
    return cost;
  }

  /** The row's figure; null where its run did not measure it. */
  Double of(StudyRow row) {
    return row.measured() ? value.apply(row) : null;
  }

  static Optional<ScoredFigure> byKey(String key) {
    return Arrays.stream(values()).filter(f -> f.key.equals(key)).findFirst();
  }

  /** Every key, for a message naming what a weights file may weigh. */
  static String keys() {
    return String.join(", ", Arrays.stream(values()).map(ScoredFigure::key).toList());
  }
}
