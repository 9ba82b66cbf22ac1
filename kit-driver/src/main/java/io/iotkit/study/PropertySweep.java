package io.iotkit.study;

import java.util.List;

/**
 * A binding property's values in a study ({@code sweep --binding-property mysql.batch.size=1,10,100}): each point
 * runs with {@code --binding-property key=value} laid over the binding properties file.
 *
 * @param key the property, e.g. mysql.batch.size
 * @param values its values, in the order given
 */
public record PropertySweep(String key, List<String> values) {
  public PropertySweep {
    values = List.copyOf(values);
  }

  /** {@code KEY=V1,V2,...} as the sweep command takes it; a missing '=' or key is bad input. */
  public static PropertySweep parse(String option) {
    int eq = option.indexOf('=');
    if (eq <= 0 || option.substring(0, eq).isBlank()) {
      throw new IllegalArgumentException("--binding-property takes KEY=VALUE[,VALUE...], e.g."
          + " mysql.batch.size=1,10,100; '" + option + "' is not one");
    }
    return new PropertySweep(option.substring(0, eq).trim(), List.of(option.substring(eq + 1).split(",", -1))
        .stream().map(String::trim).toList());
  }

  /** The point's run option value: {@code key=value}. */
  String argument(String value) {
    return key + "=" + value.trim();
  }
}
