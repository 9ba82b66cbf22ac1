package io.iotkit.binding.mongodb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.MongoClientSettings;
import com.mongodb.WriteConcern;
import com.mongodb.connection.ClusterConnectionMode;
import io.iotkit.binding.SecretNames;
import io.iotkit.binding.settings.BadPropertyException;
import io.iotkit.binding.settings.HostPort;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class MongoSettingsTest {
  private static Properties props(String... kv) {
    Properties p = new Properties();
    for (int i = 0; i < kv.length; i += 2) {
      p.setProperty(kv[i], kv[i + 1]);
    }
    return p;
  }

  private static String bad(String... kv) {
    return assertThrows(BadPropertyException.class, () -> MongoSettings.from(props(kv))).getMessage();
  }

  @Test
  void defaultsAreMajorityWithTheJournal() {
    MongoSettings s = MongoSettings.from(props(MongoSettings.HOSTS, "db1"));
    assertEquals(List.of(new HostPort("db1", 27017)), s.hosts());
    assertEquals("iot", s.database());
    assertEquals("readings", s.collection());
    assertEquals(500, s.batchSize());
    assertEquals("majority", s.w());
    assertTrue(s.journal());
    WriteConcern c = s.writeConcern();
    assertEquals("majority", c.getWString());
    assertEquals(Boolean.TRUE, c.getJournal());
    assertEquals(30_000, c.getWTimeout(TimeUnit.MILLISECONDS));
    assertEquals("{w: \"majority\", j: true, wtimeout: 30000}", s.writeConcernText());
  }

  @Test
  void aReplicaSetIsReachedThroughItsSeedList() {
    MongoSettings s = MongoSettings.from(props(MongoSettings.HOSTS, "m1:27017, m2:27018", MongoSettings.REPLICA_SET,
        "rs0", MongoSettings.WRITE_CONCERN, "2", MongoSettings.JOURNAL, "false"));
    MongoClientSettings c = MongoConnection.clientSettings(s);
    assertEquals("rs0", c.getClusterSettings().getRequiredReplicaSetName());
    assertEquals(2, c.getClusterSettings().getHosts().size());
    assertEquals(2, c.getWriteConcern().getW());
    assertEquals(Boolean.FALSE, c.getWriteConcern().getJournal());
    assertEquals("m1:27017,m2:27018 (replica set rs0)", s.address());
    assertEquals(ClusterConnectionMode.SINGLE,
        MongoConnection.clientSettings(MongoSettings.from(props(MongoSettings.HOSTS, "m1"))).getClusterSettings()
            .getMode(), "one host without a set name is that server alone");
  }

  @Test
  void badValuesAreOneLineNamingTheProperty() {
    assertEquals("mongodb.hosts is not set", bad());
    assertEquals("mongodb.write.concern '0' is not majority or a number of members from 1 to 50 (0, unacknowledged"
        + " writes, cannot count as ingested)", bad(MongoSettings.HOSTS, "h", MongoSettings.WRITE_CONCERN, "0"));
    assertEquals("mongodb.batch.size '0' is not a whole number from 1 to 100000",
        bad(MongoSettings.HOSTS, "h", MongoSettings.BATCH_SIZE, "0"));
    assertEquals("mongodb.journal must be true or false, not 'yes'",
        bad(MongoSettings.HOSTS, "h", MongoSettings.JOURNAL, "yes"));
    assertTrue(bad(MongoSettings.HOSTS, "h", MongoSettings.DATABASE, "a.b").startsWith("mongodb.database 'a.b'"));
    assertTrue(bad(MongoSettings.HOSTS, "h", MongoSettings.COLLECTION, "system.x")
        .startsWith("mongodb.collection 'system.x'"));
    assertEquals("mongodb.user is set but mongodb.password is not", bad(MongoSettings.HOSTS, "h", MongoSettings.USER,
        "kit"));
    assertEquals("mongodb.hosts entry 'h:x' has no valid port (a whole number from 1 to 65535)",
        bad(MongoSettings.HOSTS, "h:x"));
  }

  @Test
  void thePasswordIsASecretAndNeverShown() {
    assertTrue(SecretNames.isSecret(MongoSettings.PASSWORD));
    assertFalse(SecretNames.isSecret(MongoSettings.USER));
    MongoSettings s = MongoSettings.from(props(MongoSettings.HOSTS, "h", MongoSettings.USER, "kit",
        MongoSettings.PASSWORD, " s3cret-canary "));
    assertEquals(" s3cret-canary ", s.password().orElseThrow(), "kept as given");
    assertFalse(s.toString().contains("s3cret-canary"), s.toString());
    MongoClientSettings c = MongoConnection.clientSettings(s);
    assertEquals("kit", c.getCredential().getUserName());
    assertEquals("admin", c.getCredential().getSource());
  }
}
