package io.iotkit.model;

import java.util.List;
import java.util.Map;

/**
 * One iteration: warmup, measured run, a trial run's read-only execution, and the data check that followed them.
 *
 * @param storedReadings readings the SUT held for this iteration's substations at the data check
 * @param substationCounts each substation's acknowledged and stored readings at the data check, in substation
 *                         order
 * @param storeMeasurements figures the binding measured on the store's side (see StoreAdmin#measurements)
 * @param checks the data check and the execution rules, in the order they were checked
 * @param dataLayout how the store laid out this iteration's readings before the first insert (see
 *                   StoreAdmin#dataLayout), for the FDR's data layout section
 * @param readOnly the read-only execution after the measured run (--queries-per-second), or null when none ran
 * @param consumers what consumers read, on a store that delivers readings; null on a store read by query
 */
public record IterationResult(int number, List<String> substations, PhaseResult warmup, PhaseResult measured,
                              long storedReadings, List<SubstationCount> substationCounts,
                              Map<String, String> storeMeasurements, List<CheckResult> checks,
                              Map<String, String> dataLayout, PhaseResult readOnly, ConsumerRates consumers) {

  /** An iteration without a read-only execution. */
  public IterationResult(int number, List<String> substations, PhaseResult warmup, PhaseResult measured,
                         long storedReadings, List<SubstationCount> substationCounts,
                         Map<String, String> storeMeasurements, List<CheckResult> checks,
                         Map<String, String> dataLayout) {
    this(number, substations, warmup, measured, storedReadings, substationCounts, storeMeasurements, checks,
        dataLayout, null, null);
  }
}
