package io.iotkit.binding.kafka;

import io.iotkit.binding.SecretNames;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.FinalizedVersionRange;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.config.ConfigResource;
import site.ycsb.DBException;

/**
 * What the cluster says about its brokers' configuration, for the full disclosure report.
 *
 * <ul>
 *   <li>{@code setting.<name>}: every broker config whose source is not Kafka's default (set in
 *       server.properties or dynamically), from describeConfigs on each broker. If the brokers disagree, the
 *       value lists each broker's, as {@code id=value}. Sensitive configs (which Kafka reports without a value
 *       anyway) and names that suggest a credential are left out.</li>
 *   <li>{@code setting.feature.<name>}: the cluster's finalized feature levels (e.g. metadata.version), from
 *       describeFeatures. These are levels, not release numbers.</li>
 * </ul>
 * There is no {@code version}: no admin request returns the brokers' software version, and the client's own
 * version would say nothing about the server's.
 */
final class BrokerSettings {
  private BrokerSettings() {
  }

  static Map<String, String> read(Admin admin, KafkaSettings settings) throws DBException {
    try {
      Collection<Node> nodes = TopicAdmin.get(admin.describeCluster().nodes());
      List<ConfigResource> brokers = new ArrayList<>();
      for (Node n : nodes) {
        brokers.add(new ConfigResource(ConfigResource.Type.BROKER, n.idString()));
      }
      Map<String, Config> configs = new TreeMap<>();
      TopicAdmin.get(admin.describeConfigs(brokers).all()).forEach((r, c) -> configs.put(r.name(), c));
      Map<String, String> m = new LinkedHashMap<>(changed(configs));
      m.putAll(features(TopicAdmin.get(admin.describeFeatures().featureMetadata()).finalizedFeatures()));
      return m;
    } catch (ExecutionException e) {
      throw new DBException("kafka: cannot read the brokers' configuration: "
          + ConnectionErrors.cause(settings, e.getCause()));
    }
  }

  /** The non-default, non-secret configs of these brokers (by id), sorted by name. */
  static Map<String, String> changed(Map<String, Config> brokers) {
    Map<String, Map<String, String>> byName = new TreeMap<>();
    brokers.forEach((id, config) -> {
      for (ConfigEntry e : config.entries()) {
        if (e.source() != ConfigEntry.ConfigSource.DEFAULT_CONFIG && !e.isSensitive() && !SecretNames.isSecret(e.name())) {
          byName.computeIfAbsent(e.name(), k -> new TreeMap<>());
        }
      }
    });
    Map<String, String> m = new LinkedHashMap<>();
    byName.forEach((name, values) -> {
      // every broker's value, default or not, so a difference between brokers shows
      brokers.forEach((id, config) -> {
        ConfigEntry e = config.get(name);
        values.put(id, e == null || e.value() == null ? "" : e.value());
      });
      m.put("setting." + name, values.values().stream().distinct().count() == 1 ? values.values().iterator().next()
          : String.join("; ", values.entrySet().stream().map(v -> v.getKey() + "=" + v.getValue()).toList()));
    });
    return m;
  }

  /** The finalized feature levels, as {@code setting.feature.<name>}, sorted by name. */
  static Map<String, String> features(Map<String, FinalizedVersionRange> finalized) {
    Map<String, String> m = new TreeMap<>();
    finalized.forEach((name, r) -> m.put("setting.feature." + name, r.minVersionLevel() == r.maxVersionLevel()
        ? "level " + r.maxVersionLevel() : "levels " + r.minVersionLevel() + " to " + r.maxVersionLevel()));
    return m;
  }
}
