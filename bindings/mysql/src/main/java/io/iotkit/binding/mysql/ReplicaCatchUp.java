package io.iotkit.binding.mysql;

import io.iotkit.binding.LiveCopies;
import io.iotkit.binding.errors.ConnectFailures;
import io.iotkit.binding.jdbc.ReplicaContents;
import io.iotkit.binding.jdbc.Sql;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The copies a MariaDB primary's writes have now: the primary itself, and each replica it lists (SHOW SLAVE HOSTS)
 * that has applied its binary log up to the GTID position the primary stood at when asked, read on the replica
 * itself with the binding's own login, waiting up to {@value #CATCH_UP_SECONDS} s for it, and then holds as many of
 * the iteration's readings of each substation as the primary. On a Galera cluster
 * every node of the primary component holds every row as it commits, so its live size is the count. A MySQL
 * server (no MariaDB GTID position) is not read.
 */
final class ReplicaCatchUp {
  static final long CATCH_UP_SECONDS = 30;

  private ReplicaCatchUp() {
  }

  static Optional<LiveCopies> read(Sql sql, MySqlSettings settings, ReplicaContents contents)
      throws SQLException {
    Map<String, String> wsrep = sql.variables("SHOW GLOBAL STATUS LIKE 'wsrep_cluster_size'");
    long galera = Sql.number(wsrep.get("wsrep_cluster_size"));
    if (galera > 0) {
      return Optional.of(new LiveCopies((int) galera, "Galera: " + galera + " nodes in the cluster"
          + " (wsrep_cluster_size), each holding every row as it commits"));
    }
    String target = sql.variables("SHOW GLOBAL VARIABLES LIKE 'gtid_binlog_pos'").get("gtid_binlog_pos");
    if (target == null) {
      return Optional.empty();
    }
    List<List<String>> replicas;
    try {
      replicas = ReplicationProbe.replicas(sql).rows();
    } catch (SQLException e) {
      return Optional.of(new LiveCopies(0, "could not tell: SHOW SLAVE HOSTS failed ("
          + ConnectFailures.firstLine(e.getMessage()) + ")"));
    }
    List<String> behind = new ArrayList<>();
    int caughtUp = 0;
    for (List<String> r : replicas) {
      String where = r.get(1) + ":" + r.get(2);
      String reached = r.get(1) == null || r.get(1).isBlank() ? "could not be read (it reports no host)"
          : appliedAndHeld(settings.at(r.get(1), (int) Sql.number(r.get(2))), target, contents);
      if (reached == null) {
        caughtUp++;
      } else {
        behind.add("server " + r.get(0) + " at " + where + " " + reached);
      }
    }
    return Optional.of(new LiveCopies(1 + caughtUp, "this server and " + caughtUp + " of " + replicas.size()
        + " replica(s) listed by SHOW SLAVE HOSTS that applied its binary log up to GTID " + target
        + " and hold its readings"
        + (behind.isEmpty() ? "" : "; not: " + String.join(", ", behind))));
  }

  /**
   * Null once the replica has applied {@code target} and holds the primary's readings; otherwise how far it got,
   * what it holds, or why unknown.
   */
  private static String appliedAndHeld(MySqlSettings replica, String target, ReplicaContents contents) {
    long deadline = System.nanoTime() + CATCH_UP_SECONDS * 1_000_000_000L;
    try (Connection c = Connections.open(replica)) {
      Sql sql = Sql.over(c);
      String pos = sql.single("SELECT @@gtid_slave_pos");
      while (!covers(pos, target) && System.nanoTime() < deadline) {
        Thread.sleep(100);
        pos = sql.single("SELECT @@gtid_slave_pos");
      }
      if (!covers(pos, target)) {
        return "applied only up to " + pos;
      }
      String difference = contents.differenceOn(c);
      return difference.isEmpty() ? null : difference;
    } catch (SQLException | site.ycsb.DBException e) {
      return "could not be read (" + ConnectFailures.firstLine(e.getMessage()) + ")";
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return "not read (interrupted)";
    }
  }

  /** Whether a GTID position has, in every replication domain of {@code target}, a sequence number at least its. */
  static boolean covers(String position, String target) {
    Map<String, Long> have = domains(position);
    for (Map.Entry<String, Long> want : domains(target).entrySet()) {
      if (have.getOrDefault(want.getKey(), -1L) < want.getValue()) {
        return false;
      }
    }
    return true;
  }

  /** "0-1-523,1-3-9" as domain to sequence number (the server id in the middle does not order GTIDs). */
  private static Map<String, Long> domains(String position) {
    Map<String, Long> m = new HashMap<>();
    if (position == null || position.isBlank()) {
      return m;
    }
    for (String gtid : position.split(",")) {
      String[] parts = gtid.trim().split("-");
      if (parts.length == 3) {
        m.put(parts[0], Long.parseLong(parts[2]));
      }
    }
    return m;
  }
}
