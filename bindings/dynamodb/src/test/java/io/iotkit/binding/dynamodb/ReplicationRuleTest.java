package io.iotkit.binding.dynamodb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iotkit.binding.Replication;
import java.util.Optional;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class ReplicationRuleTest {

  private static DynamoSettings at(String endpoint) {
    Properties p = new Properties();
    p.setProperty(DynamoSettings.ENDPOINT, endpoint);
    p.setProperty(DynamoSettings.REGION, "eu-west-1");
    return DynamoSettings.from(p);
  }

  @Test
  void awsEndpointsKeepThreeCopies() {
    for (String e : new String[] {"aws", "https://dynamodb.eu-west-1.amazonaws.com",
        "https://vpce-1a2b.dynamodb.eu-west-1.vpce.amazonaws.com", "https://dynamodb.cn-north-1.amazonaws.com.cn"}) {
      Replication r = ReplicationRule.of(at(e));
      assertEquals(3, r.factor(), e);
      assertTrue(r.source().startsWith("DynamoDB stores every table in three Availability Zones (AWS"
          + " documentation)"), r.source());
      assertEquals(Optional.empty(), EndpointIdentity.emulator(at(e)));
    }
  }

  @Test
  void anyOtherEndpointIsOneCopyAndAnEmulator() {
    for (String e : new String[] {"127.0.0.1:4567", "http://localhost:8000", "https://amazonaws.com.example.org"}) {
      assertEquals(1, ReplicationRule.of(at(e)).factor(), e);
      assertEquals(Optional.of("DynamoDB emulator (dynalite), not DynamoDB; its figures are not DynamoDB's"),
          EndpointIdentity.emulator(at(e)));
    }
  }
}
