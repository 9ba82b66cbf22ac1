package io.iotkit.binding.kafka;

import io.iotkit.binding.SensorNumbers;
import io.iotkit.binding.settings.BadPropertyException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

/**
 * Where readings go: one topic per iteration; in it, S partitions of its own per substation (a substation's
 * "slot"), and within those, the sensor's partition.
 *
 * <p>The master names substations {@code <runTag>-<iteration>-<NNN>}; the topic is the prefix plus the iteration
 * part ({@code iot} + {@code t5k2mq-1-007} → {@code iot-t5k2mq-1}). So a topic holds exactly one iteration's
 * readings, and the data check can count it from offsets without counting any other run's. The slot is the
 * substation's number modulo the topic's slots (a key without a number is hashed); the topic has slots × S
 * partitions, and slot k owns partitions k·S to k·S + S − 1. A sensor's partition among them is its
 * {@link SensorNumbers number} modulo S (a sensor not in the catalog is hashed). Kafka can only read a partition
 * from an offset on, so a window query reads every record of its partition in the window: with S = 200 that is
 * its own sensor's only; with S = 1 (one partition per substation) it is all 200 sensors'.
 */
final class TopicLayout {
  /** Kafka's limit on topic names. */
  static final int MAX_TOPIC_LENGTH = 249;

  private final String prefix;
  private final int perSubstation;

  /** @param perSubstation S, the partitions of each substation ({@value KafkaSettings#PER_SUBSTATION}) */
  TopicLayout(String prefix, int perSubstation) {
    checkPrefix(prefix);
    if (perSubstation < 1) {
      throw new IllegalArgumentException("partitions per substation " + perSubstation);
    }
    this.prefix = prefix;
    this.perSubstation = perSubstation;
  }

  /** S: the partitions of each substation. */
  int perSubstation() {
    return perSubstation;
  }

  static void checkPrefix(String prefix) {
    if (prefix.isEmpty() || !legal(prefix) || prefix.length() > 100) {
      throw new BadPropertyException(KafkaSettings.TOPIC_PREFIX + " '" + prefix
          + "' must be 1-100 characters of a-z A-Z 0-9 . _ -");
    }
  }

  private static boolean legal(String name) {
    return name.chars().allMatch(c -> c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
        || c == '.' || c == '_' || c == '-');
  }

  /** The topic of the iteration a substation belongs to. */
  String topic(String substation) {
    String topic = prefix + "-" + iterationPart(substation);
    if (!legal(topic) || topic.length() > MAX_TOPIC_LENGTH) {
      throw new IllegalArgumentException("substation key '" + substation + "' cannot name a Kafka topic");
    }
    return topic;
  }

  /** The substation key without its trailing {@code -<number>}: the run tag and the iteration. */
  static String iterationPart(String substation) {
    int dash = substation.lastIndexOf('-');
    return dash > 0 && isNumber(substation.substring(dash + 1)) ? substation.substring(0, dash) : substation;
  }

  /** The substation's slot among {@code slots}: its number modulo slots, or its hash for a key without one. */
  static int slot(String substation, int slots) {
    int dash = substation.lastIndexOf('-');
    String tail = substation.substring(dash + 1);
    if (isNumber(tail) && tail.length() < 10) {
      return Integer.parseInt(tail) % slots;
    }
    return Math.floorMod(substation.hashCode(), slots);
  }

  /** The partitions a topic with room for {@code slots} substations has. */
  int topicPartitions(int slots) {
    return Math.multiplyExact(slots, perSubstation);
  }

  /**
   * The substation slots of a topic with {@code topicPartitions} partitions.
   *
   * @throws IllegalStateException if the topic was made for another S (the count is not a multiple of it)
   */
  int slots(String topic, int topicPartitions) {
    if (topicPartitions < perSubstation || topicPartitions % perSubstation != 0) {
      throw new IllegalStateException("topic " + topic + " has " + topicPartitions + " partitions, not a multiple of "
          + KafkaSettings.PER_SUBSTATION + "=" + perSubstation + ": it was made with another; purge it first");
    }
    return topicPartitions / perSubstation;
  }

  /** The partition of a sensor's readings, in a topic of {@code topicPartitions} partitions. */
  int partition(String substation, String sensor, int topicPartitions) {
    return first(substation, topicPartitions) + sensorOffset(sensor);
  }

  /** The partitions of a substation's readings. */
  IntStream partitions(String substation, int topicPartitions) {
    int first = first(substation, topicPartitions);
    return IntStream.range(first, first + perSubstation);
  }

  private int first(String substation, int topicPartitions) {
    return slot(substation, slots(topic(substation), topicPartitions)) * perSubstation;
  }

  /** The sensor's partition among its substation's S. */
  int sensorOffset(String sensor) {
    int n = SensorNumbers.number(sensor);
    return n >= 0 ? n % perSubstation : Math.floorMod(sensor.hashCode(), perSubstation);
  }

  /**
   * Checks that each of these substations has a slot of its own among {@code slots} (in its iteration's topic):
   * two that shared one would each read the other's readings in every window query.
   *
   * @throws BadPropertyException naming {@value KafkaSettings#PARTITIONS} and what to set it to
   */
  void checkOwnPartitions(List<String> substations, int slots) {
    Map<String, String> owners = new HashMap<>();
    for (String s : substations) {
      int p = slot(s, slots);
      String other = owners.putIfAbsent(topic(s) + "/" + p, s);
      if (other != null) {
        int n = substations.size();
        // The master numbers substations 0..P-1, so P slots always suffice; other keys are hashed.
        String advice = slots < n ? "=" + n + " or more (or leave it unset)" : " to another number";
        throw new BadPropertyException(KafkaSettings.PARTITIONS + " is " + slots + " for " + n
            + " substations: " + other + " and " + s + " would share partitions (slot " + p + "), and each one's"
            + " queries would read the other's readings; set " + KafkaSettings.PARTITIONS + advice);
      }
    }
  }

  private static boolean isNumber(String s) {
    return !s.isEmpty() && s.chars().allMatch(c -> c >= '0' && c <= '9');
  }

  /** Whether a topic is one the kit made (an iteration's or the replication probe), so purge may delete it. */
  boolean isKitTopic(String topic) {
    return topic.startsWith(prefix + "-");
  }

  /** The topic the replication check creates and deletes again, before any iteration topic exists. */
  String probeTopic() {
    return prefix + "-replication-check";
  }
}
