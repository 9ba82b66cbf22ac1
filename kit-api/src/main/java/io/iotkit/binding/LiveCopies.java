package io.iotkit.binding;

/**
 * The copies of an iteration's readings as the store's copies themselves show them at one moment: not the factor a
 * setting asks for, but how many copies are live and caught up.
 *
 * @param copies the fewest live, caught-up copies any of the readings has; 0 when the store could not tell
 * @param detail what was counted and where, for the run report, e.g. "400 partitions of topic t: 3 replicas each,
 *     in sync at least 2; min.insync.replicas=2"
 */
public record LiveCopies(int copies, String detail) {
}
