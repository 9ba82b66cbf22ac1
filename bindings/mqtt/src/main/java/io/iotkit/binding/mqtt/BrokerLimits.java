package io.iotkit.binding.mqtt;

import com.hivemq.client.mqtt.mqtt5.message.connect.connack.Mqtt5ConnAck;
import com.hivemq.client.mqtt.mqtt5.message.connect.connack.Mqtt5ConnAckRestrictions;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The limits an MQTT 5 broker advertised in its CONNACK, as {@code setting.connack.<property>}, for the full
 * disclosure report: the only configuration MQTT lets a client see (a broker reports no version).
 *
 * <p>A restriction the broker left out of its CONNACK has the value MQTT 5 defines for its absence (receive
 * maximum 65535, maximum packet size 268435460 = no limit, QoS 2, everything available, no topic aliases), which is
 * what the client then works with, so every restriction is reported. Session expiry and server keep alive are
 * reported only when the broker overrode what the client asked for.
 */
final class BrokerLimits {
  private BrokerLimits() {
  }

  static Map<String, String> of(Mqtt5ConnAck connAck) {
    Mqtt5ConnAckRestrictions r = connAck.getRestrictions();
    Map<String, String> m = new LinkedHashMap<>();
    m.put("setting.connack.receive.maximum", Integer.toString(r.getReceiveMaximum()));
    m.put("setting.connack.maximum.qos", Integer.toString(r.getMaximumQos().getCode()));
    m.put("setting.connack.maximum.packet.size", Integer.toString(r.getMaximumPacketSize()));
    m.put("setting.connack.topic.alias.maximum", Integer.toString(r.getTopicAliasMaximum()));
    m.put("setting.connack.retain.available", Boolean.toString(r.isRetainAvailable()));
    m.put("setting.connack.wildcard.subscription.available", Boolean.toString(r.isWildcardSubscriptionAvailable()));
    m.put("setting.connack.shared.subscription.available", Boolean.toString(r.isSharedSubscriptionAvailable()));
    m.put("setting.connack.subscription.identifiers.available",
        Boolean.toString(r.areSubscriptionIdentifiersAvailable()));
    connAck.getSessionExpiryInterval().ifPresent(s -> m.put("setting.connack.session.expiry.interval",
        Long.toString(s)));
    connAck.getServerKeepAlive().ifPresent(k -> m.put("setting.connack.server.keep.alive", Integer.toString(k)));
    return m;
  }
}
