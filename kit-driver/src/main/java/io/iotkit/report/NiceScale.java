package io.iotkit.report;

import java.util.ArrayList;
import java.util.List;

/**
 * An axis range widened to round numbers, with a tick every {@code step}: steps are 1, 2 or 5 times a power of
 * ten, so a reader can interpolate between ticks without arithmetic.
 *
 * @param min the first tick, at or below the lowest value
 * @param max the last tick, at or above the highest value
 * @param step distance between ticks
 */
public record NiceScale(double min, double max, double step) {

  /**
   * The scale for values from {@code lo} to {@code hi} with at most {@code maxTicks} intervals. An empty range
   * (all values equal) is widened so it still has an extent: [0, 1] for zeros.
   */
  public static NiceScale of(double lo, double hi, int maxTicks) {
    if (!Double.isFinite(lo) || !Double.isFinite(hi)) {
      throw new IllegalArgumentException("scale of non-finite values " + lo + ".." + hi);
    }
    if (hi < lo) {
      double t = lo;
      lo = hi;
      hi = t;
    }
    if (hi == lo) {
      double pad = lo == 0 ? 1 : Math.abs(lo) * 0.1;
      hi = lo == 0 ? 1 : hi + pad;
      lo = lo == 0 ? 0 : lo - pad;
    }
    double step = step((hi - lo) / Math.max(1, maxTicks));
    // Rounding to whole steps in floating point can land a hair above a tick; the epsilon keeps e.g. 20.0000001
    // from adding an extra, empty interval.
    double min = Math.floor(lo / step + 1e-9) * step;
    double max = Math.ceil(hi / step - 1e-9) * step;
    return new NiceScale(min, max, step);
  }

  /** The smallest step of 1, 2 or 5 × 10^k that is at least {@code raw}. */
  static double step(double raw) {
    double power = Math.pow(10, Math.floor(Math.log10(raw)));
    for (double m : new double[] {1, 2, 5}) {
      if (m * power >= raw * (1 - 1e-12)) {
        return m * power;
      }
    }
    return 10 * power;
  }

  /** The tick values from min to max. */
  public List<Double> ticks() {
    List<Double> ticks = new ArrayList<>();
    long n = Math.round((max - min) / step);
    for (long i = 0; i <= n; i++) {
      // Multiplying rather than adding repeatedly keeps ticks from drifting off round values.
      ticks.add(clean(min + i * step));
    }
    return ticks;
  }

  /** Where value v falls between {@code from} (at min) and {@code to} (at max). */
  public double map(double v, double from, double to) {
    return from + (v - min) / (max - min) * (to - from);
  }

  /** A tick value as text: thousands separators and only as many decimals as the step needs. */
  public String label(double v) {
    int decimals = (int) Math.max(0, Math.ceil(-Math.log10(step) - 1e-9));
    return Html.fmt("%,." + decimals + "f", clean(v));
  }

  private double clean(double v) {
    // Remove floating noise such as 0.30000000000000004 by rounding to a fraction of the step.
    double unit = step / 1000;
    double r = Math.round(v / unit) * unit;
    return r == 0 ? 0 : r;
  }
}
