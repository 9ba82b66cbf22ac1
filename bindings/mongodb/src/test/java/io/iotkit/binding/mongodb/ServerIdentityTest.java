package io.iotkit.binding.mongodb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.bson.Document;
import org.junit.jupiter.api.Test;

/**
 * Telling MongoDB from an emulator by the server's own answers, written here as JSON: mongod's in the shape its
 * documentation gives for buildInfo, the emulator's as recorded from it.
 */
class ServerIdentityTest {
  /** mongod 7.0's buildInfo, shortened to the fields that matter. */
  private static final String MONGOD_BUILD_INFO = """
      {"version": "7.0.14", "gitVersion": "ce59cfc6a3c5e5c067dca0d30697edd68d4f5188", "modules": [],
       "allocator": "tcmalloc", "javascriptEngine": "mozjs", "versionArray": [7, 0, 14, 0], "bits": 64,
       "storageEngines": ["devnull", "wiredTiger"], "maxBsonObjectSize": 16777216, "ok": 1.0}
      """;

  /** mongo-java-server 1.47.0's buildInfo and serverStatus, as recorded. */
  private static final String EMULATOR_BUILD_INFO = """
      {"version": "5.0.0", "versionArray": [5, 0, 0], "maxBsonObjectSize": 16777216, "ok": 1.0}
      """;
  private static final String EMULATOR_STATUS = """
      {"host": "vm", "version": "5.0.0", "process": "java", "pid": 26810, "uptime": 6, "uptimeMillis": 6821,
       "localTime": {"$date": "2026-11-26T15:07:54.425Z"}, "connections": {"current": 1}, "metrics": {"cursor":
       {"timedOut": 0, "open": {"noTimeout": 0, "pinned": 0, "total": 0}}}, "ok": 1.0}
      """;

  @Test
  void mongodIsMongoDb() {
    ServerIdentity id = ServerIdentity.of(Document.parse(MONGOD_BUILD_INFO),
        Document.parse("{\"process\": \"mongod\", \"ok\": 1.0}"));
    assertFalse(id.emulated());
    assertEquals("MongoDB 7.0.14", id.describe());
    assertFalse(ServerIdentity.of(Document.parse(MONGOD_BUILD_INFO), null).emulated(),
        "buildInfo alone, where serverStatus is not allowed");
  }

  @Test
  void mongoJavaServerIsAnEmulator() {
    ServerIdentity id = ServerIdentity.of(Document.parse(EMULATOR_BUILD_INFO), Document.parse(EMULATOR_STATUS));
    assertEquals("MongoDB wire-protocol emulator (mongo-java-server), not MongoDB; its figures are not MongoDB's",
        id.emulator().orElseThrow());
    assertTrue(id.describe().endsWith("(it reports MongoDB version 5.0.0)"), id.describe());
  }

  @Test
  void aServerWithoutAGitVersionIsAnEmulatorToo() {
    ServerIdentity id = ServerIdentity.of(Document.parse(EMULATOR_BUILD_INFO), null);
    assertTrue(id.emulator().orElseThrow().startsWith("MongoDB wire-protocol emulator (buildInfo reports version"
        + " 5.0.0 but no gitVersion"), id.emulator().toString());
  }
}
