package io.iotkit.bench;

import io.iotkit.model.BenchResult;

/**
 * A part made of its two sides' rounds and what it says about them.
 *
 * @param resourcesName see {@link BenchPart#resourcesName()}; null for none
 */
record PairedPart(String name, String unit, String kitLabel, String referenceLabel, BenchResult.Targets targets, Side kit,
                  Side reference, String resourcesName) implements BenchPart {

  PairedPart(String name, String unit, String kitLabel, String referenceLabel, BenchResult.Targets targets, Side kit,
             Side reference) {
    this(name, unit, kitLabel, referenceLabel, targets, kit, reference, null);
  }

  /** Runs one round of one side for about {@code seconds}. */
  interface Side {
    Round round(double seconds) throws Exception;
  }

  @Override
  public Round round(BenchPart.Side side, double seconds) throws Exception {
    return (side == BenchPart.Side.KIT ? kit : reference).round(seconds);
  }
}
