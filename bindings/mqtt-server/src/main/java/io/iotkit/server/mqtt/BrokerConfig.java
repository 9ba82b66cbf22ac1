package io.iotkit.server.mqtt;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The HiveMQ CE configuration (config.xml) of the local broker: one plain TCP listener on its host, and the
 * limits that decide whether it loses messages at the kit's rates.
 *
 * <p>HiveMQ CE's defaults lose data under the kit's load: each subscriber's queue holds 1,000 messages and the
 * broker discards what arrives beyond it (after it has already acknowledged the publish), and a publisher may
 * have only 10 QoS 1/2 messages in flight. The kit's verifying subscriber receives every reading of a
 * substation through one connection, so its queue must absorb the whole backlog of a run that publishes faster
 * than it delivers: hence a queue of {@value #DEFAULT_MAX_QUEUE_SIZE} messages and a receive maximum above the
 * binding's publish batch.
 *
 * <p>Persistence "file" (the default) keeps sessions and queues on disk: HiveMQ acknowledges a publish once it is
 * in the subscribers' on-disk queues, which survive a broker restart, and a backlog is bounded by disk, not heap.
 * "in-memory" acknowledges faster (about twice the IoTps on a 2-core machine) but loses queued messages with the
 * process, and a backlog larger than the heap ends the broker.
 *
 * @param host the address the listener binds to (127.0.0.1 unless other hosts' instances must reach it)
 * @param port TCP port of the listener
 * @param maxQueueSize messages queued per client before the broker discards new ones
 * @param receiveMaximum QoS 1/2 publishes a client may have unacknowledged at once
 * @param persistence "file" or "in-memory"
 */
record BrokerConfig(String host, int port, long maxQueueSize, int receiveMaximum, String persistence) {
  static final long DEFAULT_MAX_QUEUE_SIZE = 10_000_000L;
  static final int DEFAULT_RECEIVE_MAXIMUM = 10_000;

  BrokerConfig {
    if (port < 1 || port > 65_535) {
      throw new IllegalArgumentException("port " + port + " is not in 1..65535");
    }
    if (maxQueueSize < 1) {
      throw new IllegalArgumentException("max queue size must be at least 1, not " + maxQueueSize);
    }
    if (receiveMaximum < 1 || receiveMaximum > 65_535) {
      throw new IllegalArgumentException("receive maximum must be in 1..65535, not " + receiveMaximum);
    }
    if (!persistence.equals("file") && !persistence.equals("in-memory")) {
      throw new IllegalArgumentException("persistence must be file or in-memory, not '" + persistence + "'");
    }
  }

  String xml() {
    return """
        <?xml version="1.0"?>
        <!-- Written by the kit's local broker launcher (io.iotkit.server.mqtt.HiveMqBroker) at each start. -->
        <hivemq>
          <listeners>
            <tcp-listener>
              <port>%d</port>
              <bind-address>%s</bind-address>
            </tcp-listener>
          </listeners>
          <mqtt>
            <queued-messages>
              <max-queue-size>%d</max-queue-size>
              <strategy>discard</strategy>
            </queued-messages>
            <receive-maximum>
              <server-receive-maximum>%d</server-receive-maximum>
            </receive-maximum>
            <retained-messages>
              <enabled>true</enabled>
            </retained-messages>
          </mqtt>
          <persistence>
            <mode>%s</mode>
          </persistence>
          <anonymous-usage-statistics>
            <enabled>false</enabled>
          </anonymous-usage-statistics>
        </hivemq>
        """.formatted(port, host, maxQueueSize, receiveMaximum, persistence);
  }

  /** Writes config.xml into {@code folder} (created if missing) and returns the folder. */
  Path writeTo(Path folder) throws IOException {
    Files.createDirectories(folder);
    Files.writeString(folder.resolve("config.xml"), xml(), StandardCharsets.UTF_8);
    return folder;
  }
}
