package io.iotkit.binding;

/** The aggregate of a dashboard query template (docs/PROTOCOL.md §3). */
public enum Aggregate {
  MAX, MIN, AVG, COUNT
}
