package io.iotkit.instance;

import io.iotkit.binding.ReadingFormat;
import io.iotkit.model.KvpSize;
import io.iotkit.model.WorkloadSpec;

/**
 * How small a kvp can be: a reading keeps its key, value and unit whole and only its padding is resized, so the
 * smallest kvp size a run can ask for is the longest key + value + unit the generator makes for its substations.
 */
public final class KvpSizes {
  private KvpSizes() {
  }

  /**
   * The longest key + value + unit of any sensor's reading in a substation whose key has {@code substationChars}
   * characters: the key's separators and timestamp digits, the sensor's key, its longest value text and its unit.
   */
  public static int minimumBytes(int substationChars) {
    int longest = 0;
    for (Sensor s : SensorCatalog.sensors()) {
      int bytes = ReadingFormat.sensorPrefix("", s.key()).length() + ReadingFormat.TIMESTAMP_DIGITS
          + s.type().longestSample() + s.type().unit().length();
      longest = Math.max(longest, bytes);
    }
    return substationChars + longest;
  }

  /** Why {@code size} cannot be the kvps' size for such substation keys, or null when it can. */
  public static String problem(KvpSize size, int substationChars) {
    int min = minimumBytes(substationChars);
    if (size.min() < min || size.max() > WorkloadSpec.MAX_KVP_BYTES) {
      return "--kvp-bytes must be between " + min + " (the longest key, value and unit a reading has; only the"
          + " padding is resized) and " + WorkloadSpec.MAX_KVP_BYTES + " (it was " + size.label() + ")";
    }
    return null;
  }
}
