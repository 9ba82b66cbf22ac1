package io.iotkit.binding.kafka;

import io.iotkit.binding.settings.BadPropertyException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Where readings go: one topic per iteration, and one partition per substation within it.
 *
 * <p>The master names substations {@code <runTag>-<iteration>-<NNN>}; the topic is the prefix plus the iteration
 * part ({@code iot} + {@code t5k2mq-1-007} → {@code iot-t5k2mq-1}). So a topic holds exactly one iteration's
 * readings, and the data check can count it from offsets without counting any other run's. The partition is
 * the substation's number modulo the partition count, so with at least P partitions every substation has one
 * of its own and a query reads only its own substation's readings; a key without a number is hashed.
 */
final class TopicLayout {
  /** Kafka's limit on topic names. */
  static final int MAX_TOPIC_LENGTH = 249;

  private final String prefix;

  TopicLayout(String prefix) {
    checkPrefix(prefix);
    this.prefix = prefix;
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

  /** The substation's partition among {@code partitions}. */
  static int partition(String substation, int partitions) {
    int dash = substation.lastIndexOf('-');
    String tail = substation.substring(dash + 1);
    if (isNumber(tail) && tail.length() < 10) {
      return Integer.parseInt(tail) % partitions;
    }
    return Math.floorMod(substation.hashCode(), partitions);
  }

  /**
   * Checks that each of these substations has a partition of its own among {@code partitions} (in its iteration's
   * topic): two that shared one would each read the other's readings in every window query.
   *
   * @throws BadPropertyException naming {@value KafkaSettings#PARTITIONS} and what to set it to
   */
  void checkOwnPartitions(List<String> substations, int partitions) {
    Map<String, String> owners = new HashMap<>();
    for (String s : substations) {
      int p = partition(s, partitions);
      String other = owners.putIfAbsent(topic(s) + "/" + p, s);
      if (other != null) {
        int n = substations.size();
        // The master numbers substations 0..P-1, so P partitions always suffice; other keys are hashed.
        String advice = partitions < n ? "=" + n + " or more" : " to another number";
        throw new BadPropertyException(KafkaSettings.PARTITIONS + " is " + partitions + " for " + n
            + " substations: " + other + " and " + s + " would share partition " + p + ", and each one's queries"
            + " would read the other's readings; set " + KafkaSettings.PARTITIONS + advice);
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
