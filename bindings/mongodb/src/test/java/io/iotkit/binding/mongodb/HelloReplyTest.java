package io.iotkit.binding.mongodb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iotkit.binding.Replication;
import org.bson.Document;
import org.junit.jupiter.api.Test;

/**
 * The replication read from hello replies, written here as JSON: MongoDB's in the shape its documentation gives for
 * hello (no MongoDB runs on the kit's machines), the emulator's as recorded from it.
 */
class HelloReplyTest {
  /** A primary of a three-member set with one priority-0 member and an arbiter (MongoDB 7.0's fields). */
  private static final String REPLICA_SET_PRIMARY = """
      {"topologyVersion": {"processId": {"$oid": "6746a0e4c1b2d3e4f5a6b7c8"}, "counter": 6},
       "hosts": ["m1.example.net:27017", "m2.example.net:27017"],
       "passives": ["m3.example.net:27017"],
       "arbiters": ["a1.example.net:27017"],
       "setName": "rs0", "setVersion": 3, "isWritablePrimary": true, "secondary": false,
       "primary": "m1.example.net:27017", "me": "m1.example.net:27017",
       "electionId": {"$oid": "7fffffff0000000000000004"},
       "lastWrite": {"opTime": {"ts": {"$timestamp": {"t": 1732600000, "i": 1}}, "t": 4}},
       "maxBsonObjectSize": 16777216, "maxMessageSizeBytes": 48000000, "maxWriteBatchSize": 100000,
       "localTime": {"$date": "2026-11-26T10:00:00Z"}, "logicalSessionTimeoutMinutes": 30,
       "connectionId": 12, "minWireVersion": 0, "maxWireVersion": 21, "readOnly": false, "ok": 1.0}
      """;

  /** A standalone mongod: no setName. */
  private static final String STANDALONE = """
      {"isWritablePrimary": true, "topologyVersion": {"processId": {"$oid": "6746a0e4c1b2d3e4f5a6b7c9"},
       "counter": 0}, "maxBsonObjectSize": 16777216, "maxMessageSizeBytes": 48000000,
       "maxWriteBatchSize": 100000, "localTime": {"$date": "2026-11-26T10:00:00Z"},
       "logicalSessionTimeoutMinutes": 30, "connectionId": 3, "minWireVersion": 0, "maxWireVersion": 21,
       "readOnly": false, "ok": 1.0}
      """;

  /** mongo-java-server 1.47.0's answer to isMaster, as recorded (it answers hello with "no such command"). */
  private static final String EMULATOR_IS_MASTER = """
      {"ismaster": true, "maxBsonObjectSize": 16777216, "maxWriteBatchSize": 1000, "maxMessageSizeBytes": 48000000,
       "maxWireVersion": 8, "minWireVersion": 0, "localTime": {"$date": "2026-11-26T15:07:54.357Z"}, "ok": 1.0}
      """;

  @Test
  void aReplicaSetKeepsACopyOnEachHostAndPassive() {
    Replication r = HelloReply.replication(Document.parse(REPLICA_SET_PRIMARY), "hello", "m1.example.net:27017");
    assertEquals(3, r.factor());
    assertTrue(r.source().startsWith("hello at m1.example.net:27017: replica set rs0, 2 host(s) and 1 passive(s)"
        + " hold data; arbiters hold none"), r.source());
  }

  @Test
  void aStandaloneKeepsOneCopy() {
    Replication r = HelloReply.replication(Document.parse(STANDALONE), "hello", "db1:27017");
    assertEquals(new Replication(1, "hello at db1:27017: a standalone server (no setName), one copy"), r);
    Replication e = HelloReply.replication(Document.parse(EMULATOR_IS_MASTER), "isMaster", "127.0.0.1:40000");
    assertEquals(1, e.factor());
    assertTrue(e.source().startsWith("isMaster at 127.0.0.1:40000: a standalone"), e.source());
  }

  @Test
  void aMongosCannotTell() {
    Replication r = HelloReply.replication(Document.parse("{\"msg\": \"isdbgrid\", \"isWritablePrimary\": true,"
        + " \"ok\": 1.0}"), "hello", "router:27017");
    assertEquals(0, r.factor());
    assertTrue(r.source().contains("mongos"), r.source());
  }
}
