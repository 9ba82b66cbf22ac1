package io.iotkit.model;

/** How a run ended. */
public enum RunStatus {
  /** Both iterations ran to the end; the checks say whether the run is compliant. */
  COMPLETED,
  /** The SUT failed, a --strict rule broke, or the run was stopped; the result says why. */
  ABORTED
}
