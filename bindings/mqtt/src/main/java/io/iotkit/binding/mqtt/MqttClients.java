package io.iotkit.binding.mqtt;

import com.hivemq.client.mqtt.MqttClient;
import com.hivemq.client.mqtt.MqttClientSslConfig;
import com.hivemq.client.mqtt.lifecycle.MqttClientConnectedListener;
import com.hivemq.client.mqtt.mqtt5.Mqtt5AsyncClient;
import com.hivemq.client.mqtt.mqtt5.Mqtt5ClientBuilder;
import com.hivemq.client.mqtt.mqtt5.message.auth.Mqtt5SimpleAuth;
import com.hivemq.client.mqtt.mqtt5.message.connect.Mqtt5Connect;
import com.hivemq.client.mqtt.mqtt5.message.connect.connack.Mqtt5ConnAck;
import io.iotkit.binding.errors.ConnectFailures;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javax.net.ssl.TrustManagerFactory;
import site.ycsb.DBException;

/** Builds MQTT 5 clients from the binding properties (address, TLS, login) and connects them, bounded in time. */
final class MqttClients {
  private MqttClients() {
  }

  /**
   * A client that is not connected yet.
   *
   * @param reconnect whether the client reconnects by itself after losing its connection (the verifying
   *     subscriber does, so that a connection blip costs nothing while the broker keeps its session)
   * @param onConnected called on every (re)connection; may be null
   */
  static Mqtt5AsyncClient build(MqttSettings s, String clientId, boolean reconnect,
                                MqttClientConnectedListener onConnected) throws DBException {
    Mqtt5ClientBuilder b = MqttClient.builder().useMqttVersion5()
        .identifier(clientId)
        .serverHost(s.host)
        .serverPort(s.port);
    if (s.tls) {
      b = b.sslConfig(sslConfig(s));
    }
    if (s.username != null) {
      var auth = Mqtt5SimpleAuth.builder().username(s.username);
      b = b.simpleAuth(s.password == null ? auth.build()
          : auth.password(s.password.getBytes(StandardCharsets.UTF_8)).build());
    } else if (s.password != null) {
      b = b.simpleAuth(Mqtt5SimpleAuth.builder().password(s.password.getBytes(StandardCharsets.UTF_8)).build());
    }
    if (reconnect) {
      b = b.automaticReconnect().initialDelay(500, TimeUnit.MILLISECONDS).maxDelay(10, TimeUnit.SECONDS)
          .applyAutomaticReconnect();
    }
    if (onConnected != null) {
      b = b.addConnectedListener(onConnected);
    }
    return b.buildAsync();
  }

  /** Connects, waiting at most the configured connect timeout; fails with one line naming the cause. */
  static Mqtt5ConnAck connect(MqttSettings s, Mqtt5AsyncClient client, Mqtt5Connect connect) throws DBException {
    try {
      return client.connect(connect).get(s.connectTimeoutSeconds, TimeUnit.SECONDS);
    } catch (TimeoutException e) {
      client.disconnect(); // also stops a client that would reconnect by itself
      throw new DBException(ConnectError.timedOut(s));
    } catch (ExecutionException e) {
      client.disconnect();
      throw new DBException(ConnectError.describe(s, e.getCause()));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new DBException("mqtt: interrupted while connecting to " + s.address());
    }
  }

  private static MqttClientSslConfig sslConfig(MqttSettings s) throws DBException {
    var ssl = MqttClientSslConfig.builder();
    if (s.truststore != null) {
      ssl = ssl.trustManagerFactory(trustManagers(s));
    }
    return ssl.build();
  }

  private static TrustManagerFactory trustManagers(MqttSettings s) throws DBException {
    Path path = Path.of(s.truststore);
    try (InputStream in = Files.newInputStream(path)) {
      KeyStore store = KeyStore.getInstance(s.truststoreType);
      store.load(in, s.truststorePassword == null ? null : s.truststorePassword.toCharArray());
      TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
      tmf.init(store);
      return tmf;
    } catch (IOException | GeneralSecurityException e) {
      // KeyStore reports a wrong password as an IOException; its message never contains the password
      throw new DBException("mqtt: cannot read " + MqttSettings.TRUSTSTORE + " " + path + " ("
          + ConnectFailures.oneLine(e.getMessage()) + "); check the file, " + MqttSettings.TRUSTSTORE_TYPE + " and "
          + MqttSettings.TRUSTSTORE_PASSWORD);
    }
  }
}
