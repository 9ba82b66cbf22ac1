package io.iotkit.binding.dynamodb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.Properties;
import org.junit.jupiter.api.Test;

class SharedClientsTest {
  private static DynamoSettings settings(String... kv) {
    Properties p = new Properties();
    p.setProperty(DynamoSettings.ENDPOINT, "127.0.0.1:4567");
    for (int i = 0; i < kv.length; i += 2) {
      p.setProperty(kv[i], kv[i + 1]);
    }
    return DynamoSettings.from(p);
  }

  @Test
  void theThreadsOfAJvmShareOneClientPerEndpointAndCredentials() throws Exception {
    int before = SharedClients.open();
    DynamoConnection a = new DynamoConnection(settings(), false);
    DynamoConnection b = new DynamoConnection(settings(DynamoSettings.BATCH_SIZE, "10"), false);
    assertSame(a.client(), b.client(), "the batch size is the binding's, not the client's");
    DynamoConnection otherKey = new DynamoConnection(settings(DynamoSettings.ACCESS_KEY_ID, "id2",
        DynamoSettings.SECRET_ACCESS_KEY, "secret2"), false);
    DynamoConnection otherPort = new DynamoConnection(settings(DynamoSettings.ENDPOINT, "127.0.0.1:4568"), false);
    DynamoConnection master = new DynamoConnection(settings(), true);
    assertNotSame(a.client(), otherKey.client());
    assertNotSame(a.client(), otherPort.client());
    assertNotSame(a.client(), master.client(), "the master's client keeps the SDK's retries");
    assertEquals(before + 4, SharedClients.open());

    a.close();
    a.close(); // a second close gives nothing back twice
    assertEquals(before + 4, SharedClients.open(), "b still uses it");
    b.close();
    otherKey.close();
    otherPort.close();
    master.close();
    assertEquals(before, SharedClients.open(), "the last user closed each");
  }
}
