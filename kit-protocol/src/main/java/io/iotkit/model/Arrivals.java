package io.iotkit.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Locale;

/**
 * How a paced instance's insert threads space their readings (--arrivals): every gap the same, or gaps drawn from
 * a normal distribution of the same mean, as the load studies this kit follows did. Written in lower case.
 */
public enum Arrivals {
  /** Every gap is the mean interval. */
  @JsonProperty("fixed") FIXED,
  /**
   * Gaps drawn from a normal distribution with the mean interval as mean and {@link #GAUSSIAN_SPREAD} of it as
   * standard deviation, truncated at 0.
   */
  @JsonProperty("gaussian") GAUSSIAN;

  /** The standard deviation of a Gaussian gap as a fraction of the mean gap. */
  public static final double GAUSSIAN_SPREAD = 0.25;

  /** The name as the option and result.json write it. */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }
}
