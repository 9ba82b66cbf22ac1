package io.iotkit.binding.mysql;

import io.iotkit.binding.jdbc.Sql;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.Map;

/**
 * A primary's semi-synchronous replication as the server reports it: whether a commit waits for replicas'
 * acknowledgement (they have the transaction in their relay log), at which point, for how many, for how long, how
 * many replicas acknowledge now, and how many commits got an acknowledgement, or did not, since the server started.
 * MariaDB names it {@code rpl_semi_sync_master_*}, MySQL 8.0.26 and later {@code rpl_semi_sync_source_*}; both
 * are read. Any user may read both.
 *
 * @param enabled   the primary side is switched on
 * @param active    it is in effect now (off after a timeout with no replica, until one catches up)
 * @param waitPoint AFTER_SYNC (no client sees a commit before a replica has it) or AFTER_COMMIT
 * @param waitFor   acknowledgements a commit waits for (MariaDB: always 1)
 * @param timeoutMs how long a commit waits before the primary goes on without a replica
 * @param clients   semi-synchronous replicas connected now
 * @param yesTx     commits acknowledged by a replica since the server started
 * @param noTx      commits that went without one
 */
record SemiSync(boolean enabled, boolean active, String waitPoint, String waitFor, String timeoutMs, long clients,
                long yesTx, long noTx) {

  static SemiSync read(Sql sql) throws SQLException {
    Map<String, String> v = masterNames(sql.variables("SHOW GLOBAL VARIABLES LIKE 'rpl_semi_sync_%'"));
    Map<String, String> s = masterNames(sql.variables("SHOW GLOBAL STATUS LIKE 'rpl_semi_sync_%'"));
    return new SemiSync("ON".equalsIgnoreCase(v.get("rpl_semi_sync_master_enabled")),
        "ON".equalsIgnoreCase(s.get("rpl_semi_sync_master_status")),
        v.getOrDefault("rpl_semi_sync_master_wait_point", "?"),
        v.getOrDefault("rpl_semi_sync_master_wait_for_slave_count", "1"),
        v.getOrDefault("rpl_semi_sync_master_timeout", "?"),
        Sql.number(s.get("rpl_semi_sync_master_clients")), Sql.number(s.get("rpl_semi_sync_master_yes_tx")),
        Sql.number(s.get("rpl_semi_sync_master_no_tx")));
  }

  /** MySQL's newer names in MariaDB's (older MySQL's) words, so one set of keys serves both. */
  private static Map<String, String> masterNames(Map<String, String> m) {
    Map<String, String> out = new HashMap<>();
    m.forEach((k, val) -> out.put(k.replace("_source_", "_master_").replace("_replica_", "_slave_"), val));
    return out;
  }

  /** One line for the data layout: what an acknowledged commit means on this primary. */
  String describe() {
    if (!enabled) {
      return "off: a commit waits for no replica (asynchronous replication)";
    }
    return (active ? "on" : "on but not in effect now (a replica timed out)") + ": a commit returns once " + waitFor
        + " replica(s) have it in their relay log (wait point " + waitPoint + "); " + clients
        + " semi-synchronous replica(s) connected; with none acknowledging for " + timeoutMs
        + " ms the primary commits without one";
  }

  /** One line for the run report: commits with and without a replica's acknowledgement. */
  String acknowledgements() {
    return String.format("%,d commits acknowledged by a replica, %,d without one (since the primary started)", yesTx,
        noTx);
  }
}
