package io.iotkit.binding.postgresql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iotkit.binding.Replication;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The copies as pg_stat_replication and the settings show them, on answers recorded from servers. */
class PgReplicationTest {

  private static RecordedServer primary(String commit, String names, List<List<String>> standbys) {
    return new RecordedServer().one(PgReplication.AURORA_FUNCTION, "0").one(PgReplication.IN_RECOVERY, "f")
        .one(PgReplication.SYNC_COMMIT, commit).one(PgReplication.SYNC_NAMES, names)
        .answer(PgReplication.STANDBYS, standbys);
  }

  @Test
  void oneServer() throws SQLException {
    Replication r = PgReplication.probe(primary("on", "", List.of()));
    assertEquals(1, r.factor());
    assertTrue(r.source().startsWith("one server: no standby"), r.source());
  }

  @Test
  void synchronousStandbysCountAndAsynchronousOnesDoNot() throws SQLException {
    Replication r = PgReplication.probe(primary("on", "FIRST 2 (standby_2, standby_3)", List.of(
        List.of("standby_2", "streaming", "sync"), List.of("standby_3", "streaming", "sync"),
        List.of("reporting", "streaming", "async"))));
    assertEquals(3, r.factor());
    assertTrue(r.source().startsWith("the primary and 2 synchronous standby(s) a commit waits for"
        + " (synchronous_commit=on"), r.source());
    assertTrue(r.source().contains("not counted (asynchronous or not streaming): reporting"), r.source());
  }

  @Test
  void aQuorumCountsOnlyTheStandbysACommitWaitsFor() throws SQLException {
    Replication r = PgReplication.probe(primary("remote_apply", "ANY 1 (a, b, c)", List.of(
        List.of("a", "streaming", "quorum"), List.of("b", "streaming", "quorum"), List.of("c", "catchup", "quorum"))));
    assertEquals(2, r.factor());
    assertEquals(3, PgReplication.anyCount("ANY 3 (x, y, z)"));
  }

  @Test
  void noWaitingCommitMeansThePrimaryAlone() throws SQLException {
    Replication r = PgReplication.probe(primary("local", "FIRST 1 (s)", List.of(List.of("s", "streaming", "sync"))));
    assertEquals(1, r.factor());
    assertTrue(r.source().contains("synchronous_commit=local makes no commit wait"), r.source());
  }

  @Test
  void hiddenStateIsZeroWithTheRoleToGrant() throws SQLException {
    Replication r = PgReplication.probe(primary("on", "s", List.of(Arrays.asList("s", null, null))));
    assertEquals(0, r.factor());
    assertTrue(r.source().contains("GRANT pg_monitor"), r.source());
  }

  @Test
  void aStandbyIsNoPlaceToWrite() throws SQLException {
    Replication r = PgReplication.probe(new RecordedServer().one(PgReplication.AURORA_FUNCTION, "0")
        .one(PgReplication.IN_RECOVERY, "t"));
    assertEquals(0, r.factor());
    assertTrue(r.source().contains("point postgresql.host at the primary"), r.source());
  }

  /** As Aurora PostgreSQL answers: the function exists and gives its version. */
  @Test
  void auroraPostgreSqlReportsTheClusterVolumesCopies() throws SQLException {
    Replication r = PgReplication.probe(new RecordedServer().one(PgReplication.AURORA_FUNCTION, "1")
        .one(PgReplication.AURORA_VERSION, "16.4.2"));
    assertEquals(6, r.factor());
    assertTrue(r.source().startsWith("Amazon Aurora PostgreSQL 16.4.2 (SELECT aurora_version() answers)"),
        r.source());
  }

  /** A server with a function of that name that fails is not taken for Aurora. */
  @Test
  void aFailingAuroraFunctionIsNotAurora() throws SQLException {
    RecordedServer s = primary("on", "", List.of()).one(PgReplication.AURORA_FUNCTION, "1")
        .fail(PgReplication.AURORA_VERSION, "42883");
    assertEquals(1, PgReplication.probe(s).factor());
  }
}
