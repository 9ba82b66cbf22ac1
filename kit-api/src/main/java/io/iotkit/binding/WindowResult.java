package io.iotkit.binding;

/**
 * The answer for one time window of one sensor.
 *
 * @param count readings the window held (and the query read)
 * @param value the aggregate; NaN for MAX, MIN and AVG of an empty window
 */
public record WindowResult(long count, double value) {
}
