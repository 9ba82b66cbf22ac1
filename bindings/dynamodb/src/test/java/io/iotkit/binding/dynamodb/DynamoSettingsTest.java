package io.iotkit.binding.dynamodb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iotkit.binding.SecretNames;
import io.iotkit.binding.settings.BadPropertyException;
import java.net.URI;
import java.time.Duration;
import java.util.Optional;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class DynamoSettingsTest {

  private static Properties props(String... kv) {
    Properties p = new Properties();
    for (int i = 0; i < kv.length; i += 2) {
      p.setProperty(kv[i], kv[i + 1]);
    }
    return p;
  }

  @Test
  void defaultsAndTheLocalServersAddress() {
    DynamoSettings s = DynamoSettings.from(props(DynamoSettings.ENDPOINT, "127.0.0.1:4567"));
    assertEquals(Optional.of(URI.create("http://127.0.0.1:4567")), s.endpoint());
    assertEquals(Optional.of("us-east-1"), s.region(), "an emulator is signed for any region");
    assertEquals("iot_readings", s.table());
    assertEquals(25, s.batchSize());
    assertEquals(Duration.ZERO, s.batchLinger(), "no linger unless set");
    assertEquals(Duration.ofMillis(5), DynamoSettings.from(props(DynamoSettings.ENDPOINT, "127.0.0.1:4567",
        DynamoSettings.BATCH_LINGER, "5")).batchLinger());
    assertFalse(s.aws());
  }

  @Test
  void capacityIsOnDemandUnlessProvisionedWithBothUnits() {
    DynamoSettings s = DynamoSettings.from(props(DynamoSettings.ENDPOINT, "127.0.0.1:4567"));
    assertFalse(s.capacity().provisioned());
    assertEquals("PAY_PER_REQUEST", s.capacity().text());
    DynamoSettings p = DynamoSettings.from(props(DynamoSettings.ENDPOINT, "127.0.0.1:4567",
        DynamoSettings.BILLING_MODE, "provisioned", DynamoSettings.WRITE_CAPACITY_UNITS, "200",
        DynamoSettings.READ_CAPACITY_UNITS, "5"));
    assertEquals(new DynamoSettings.Capacity(true, 200, 5), p.capacity());
    assertEquals("PROVISIONED (200 WCU, 5 RCU)", p.capacity().text());
    var request = DynamoAdmin.createRequest("t", p.capacity());
    assertEquals("PROVISIONED", request.billingModeAsString());
    assertEquals(200, request.provisionedThroughput().writeCapacityUnits());
    assertEquals(5, request.provisionedThroughput().readCapacityUnits());
    assertEquals("PAY_PER_REQUEST", DynamoAdmin.createRequest("t", s.capacity()).billingModeAsString());
    assertEquals(null, DynamoAdmin.createRequest("t", s.capacity()).provisionedThroughput());
    assertThrows(BadPropertyException.class, () -> DynamoSettings.from(props(DynamoSettings.ENDPOINT, "127.0.0.1:1",
        DynamoSettings.BILLING_MODE, "provisioned", DynamoSettings.WRITE_CAPACITY_UNITS, "200")));
    assertThrows(BadPropertyException.class, () -> DynamoSettings.from(props(DynamoSettings.ENDPOINT, "127.0.0.1:1",
        DynamoSettings.WRITE_CAPACITY_UNITS, "200")));
    assertThrows(BadPropertyException.class, () -> DynamoSettings.from(props(DynamoSettings.ENDPOINT, "127.0.0.1:1",
        DynamoSettings.BILLING_MODE, "provisioned", DynamoSettings.WRITE_CAPACITY_UNITS, "0",
        DynamoSettings.READ_CAPACITY_UNITS, "5")));
    assertThrows(BadPropertyException.class, () -> DynamoSettings.from(props(DynamoSettings.ENDPOINT, "127.0.0.1:1",
        DynamoSettings.BILLING_MODE, "PAY_PER_REQUEST")));
  }

  @Test
  void endpointForms() {
    assertEquals(Optional.empty(), DynamoSettings.endpoint("aws"));
    assertEquals(Optional.of(URI.create("https://dynamodb.eu-west-1.amazonaws.com")),
        DynamoSettings.endpoint("https://dynamodb.eu-west-1.amazonaws.com/"));
    assertEquals(Optional.of(URI.create("http://db:8000")), DynamoSettings.endpoint("http://db:8000"));
    for (String bad : new String[] {"db", "ftp://db:1", "http://db:8000/x", "db:x", "http://u:p@db:1", "db:70000"}) {
      BadPropertyException e = assertThrows(BadPropertyException.class, () -> DynamoSettings.endpoint(bad), bad);
      assertTrue(e.getMessage().startsWith("dynamodb.endpoint '" + bad + "' is not an endpoint"), e.getMessage());
    }
  }

  @Test
  void theEndpointIsRequiredAndAwsMeansTheRegionsOwn() {
    assertThrows(BadPropertyException.class, () -> DynamoSettings.from(props()));
    DynamoSettings s = DynamoSettings.from(props(DynamoSettings.ENDPOINT, "aws", DynamoSettings.REGION,
        "eu-central-1"));
    assertTrue(s.aws());
    assertEquals(Optional.of("eu-central-1"), s.region());
    assertTrue(DynamoSettings.from(props(DynamoSettings.ENDPOINT, "https://dynamodb.us-west-2.amazonaws.com"))
        .aws());
    assertTrue(DynamoSettings.from(props(DynamoSettings.ENDPOINT, "aws")).region().isEmpty(),
        "the SDK's default chain finds the region");
  }

  @Test
  void badValuesNameTheProperty() {
    assertBad("dynamodb.region 'Europe' is not a region name (e.g. eu-west-1)", DynamoSettings.REGION, "Europe");
    assertBad("dynamodb.table 'a b' is not a table name (3 to 255 letters, digits, _, - and .)",
        DynamoSettings.TABLE, "a b");
    assertBad("dynamodb.batch.size '26' is not a whole number from 1 to 25", DynamoSettings.BATCH_SIZE, "26");
    assertBad("dynamodb.access.key.id is set but dynamodb.secret.access.key is not", DynamoSettings.ACCESS_KEY_ID,
        "AKIA1");
    assertBad("dynamodb.secret.access.key is set but dynamodb.access.key.id is not",
        DynamoSettings.SECRET_ACCESS_KEY, "s3cr3t");
    assertBad("dynamodb.session.token is set but dynamodb.access.key.id and dynamodb.secret.access.key are not",
        DynamoSettings.SESSION_TOKEN, "tok");
  }

  private static void assertBad(String message, String key, String value) {
    BadPropertyException e = assertThrows(BadPropertyException.class,
        () -> DynamoSettings.from(props(DynamoSettings.ENDPOINT, "127.0.0.1:1", key, value)));
    assertEquals(message, e.getMessage());
  }

  @Test
  void secretsAreSecretNamesAndNeverShown() {
    assertTrue(SecretNames.isSecret(DynamoSettings.SECRET_ACCESS_KEY));
    assertTrue(SecretNames.isSecret(DynamoSettings.SESSION_TOKEN));
    assertFalse(SecretNames.isSecret(DynamoSettings.ACCESS_KEY_ID), "the key's id is not a secret");
    DynamoSettings s = DynamoSettings.from(props(DynamoSettings.ENDPOINT, "aws", DynamoSettings.ACCESS_KEY_ID,
        "AKIAEXAMPLE", DynamoSettings.SECRET_ACCESS_KEY, "canary-secret-41", DynamoSettings.SESSION_TOKEN,
        "canary-token-41"));
    assertEquals(Optional.of("canary-secret-41"), s.secretAccessKey());
    assertFalse(s.toString().contains("canary"), s.toString());
    assertTrue(s.toString().contains("AKIAEXAMPLE"));
  }
}
