package io.iotkit.binding.mqtt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.hivemq.client.mqtt.datatypes.MqttQos;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class MqttSettingsTest {

  private static Properties props(String... kv) {
    Properties p = new Properties();
    for (int i = 0; i < kv.length; i += 2) {
      p.setProperty(kv[i], kv[i + 1]);
    }
    return p;
  }

  @Test
  void defaults() {
    MqttSettings s = MqttSettings.from(props("mqtt.host", "broker"));
    assertEquals("broker:1883", s.address());
    assertEquals(MqttQos.AT_LEAST_ONCE, s.qos);
    assertEquals("iot", s.topicPrefix);
    assertEquals(8883, MqttSettings.from(props("mqtt.host", "b", "mqtt.tls", "true")).port);
    assertEquals("[::1]:1883", MqttSettings.from(props("mqtt.host", "::1")).address());
  }

  @Test
  void badValuesNameTheProperty() {
    assertEquals("mqtt.qos '3' is not a whole number from 0 to 2",
        assertThrows(IllegalArgumentException.class, () -> MqttSettings.from(props("mqtt.qos", "3"))).getMessage());
    assertEquals("mqtt.port 'x' is not a whole number from 1 to 65535",
        assertThrows(IllegalArgumentException.class, () -> MqttSettings.from(props("mqtt.port", "x"))).getMessage());
    assertEquals("mqtt.tls must be true or false, not 'yes'",
        assertThrows(IllegalArgumentException.class, () -> MqttSettings.from(props("mqtt.tls", "yes"))).getMessage());
    assertThrows(IllegalArgumentException.class, () -> MqttSettings.from(props("mqtt.topic.prefix", "iot/#")));
    assertThrows(IllegalArgumentException.class, () -> MqttSettings.from(props("mqtt.topic.prefix", "iot/")));
  }

  @Test
  void thePasswordIsNeverPrinted() {
    MqttSettings s = MqttSettings.from(props("mqtt.host", "b", "mqtt.username", "u", "mqtt.password", "hunter2",
        "mqtt.tls.truststore.password", "hunter3"));
    assertFalse(s.toString().contains("hunter"), s.toString());
  }
}
