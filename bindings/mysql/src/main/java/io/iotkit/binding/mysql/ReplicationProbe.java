package io.iotkit.binding.mysql;

import io.iotkit.binding.Replication;
import io.iotkit.binding.errors.ConnectFailures;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Asks the server how many copies of each committed row its topology keeps, in this order:
 * <ol>
 *   <li>Galera (MariaDB Galera Cluster, Percona XtraDB Cluster): {@code wsrep_cluster_size} of a node in the
 *       primary component; every node holds every row;</li>
 *   <li>MySQL Group Replication, when a group is configured: the ONLINE members in
 *       {@code performance_schema.replication_group_members};</li>
 *   <li>otherwise this server plus the replicas attached to it ({@code SHOW REPLICAS}, or {@code SHOW SLAVE HOSTS}
 *       on MariaDB and older MySQL); with the binary log off no replica can exist, and the factor is 1.</li>
 * </ol>
 * When the binding's account may not see what it needs, the factor is 0 ("could not tell") and the source
 * names the privilege to grant: guessing 1 would hide a real cluster, guessing more would be worse.
 */
final class ReplicationProbe {
  private static final int ER_PARSE_ERROR = 1064;
  private static final int ER_TABLEACCESS_DENIED = 1142;
  private static final int ER_SPECIFIC_ACCESS_DENIED = 1227;
  static final String GROUP_MEMBERS = "SELECT MEMBER_STATE FROM performance_schema.replication_group_members";

  /** Runs one statement and returns its rows as text: the seam that lets tests play a server. */
  interface Sql {
    List<List<String>> rows(String statement) throws SQLException;
  }

  private ReplicationProbe() {
  }

  /** The seam over a real connection. */
  static Sql over(Connection c) {
    return statement -> {
      List<List<String>> rows = new ArrayList<>();
      try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(statement)) {
        int columns = rs.getMetaData().getColumnCount();
        while (rs.next()) {
          List<String> row = new ArrayList<>();
          for (int i = 1; i <= columns; i++) {
            row.add(rs.getString(i));
          }
          rows.add(row);
        }
      }
      return rows;
    };
  }

  static Replication probe(Connection c) throws SQLException {
    return probe(over(c));
  }

  static Replication probe(Sql sql) throws SQLException {
    Map<String, String> wsrep = status(sql, "SHOW GLOBAL STATUS LIKE 'wsrep%'");
    int clusterSize = parseInt(wsrep.get("wsrep_cluster_size"));
    if (clusterSize > 0) {
      String state = wsrep.getOrDefault("wsrep_cluster_status", "unknown");
      if (!state.equalsIgnoreCase("Primary") || !"ON".equalsIgnoreCase(wsrep.get("wsrep_ready"))) {
        return new Replication(0, "Galera node not ready in the primary component (wsrep_cluster_status=" + state
            + ", wsrep_ready=" + wsrep.get("wsrep_ready") + ")");
      }
      return new Replication(clusterSize, "Galera wsrep_cluster_size=" + clusterSize
          + ": synchronous cluster, every node holds every row");
    }

    // Any user may read variables; only a configured group makes the members table worth reading (MariaDB has
    // no Group Replication, and its performance_schema may refuse the kit's user).
    String group = status(sql, "SHOW GLOBAL VARIABLES LIKE 'group_replication_group_name'")
        .getOrDefault("group_replication_group_name", "");
    if (group != null && !group.isBlank()) {
      try {
        List<List<String>> members = sql.rows(GROUP_MEMBERS);
        long online = members.stream().filter(r -> "ONLINE".equalsIgnoreCase(r.get(0))).count();
        if (online > 0) {
          return new Replication((int) online, "Group Replication: " + online + " ONLINE of " + members.size()
              + " members in performance_schema.replication_group_members");
        }
      } catch (SQLException e) {
        String grant = e.getErrorCode() == ER_TABLEACCESS_DENIED ? "; grant SELECT on it to the kit's user" : "";
        return new Replication(0, "group replication is configured, but performance_schema.replication_group_members"
            + " cannot be read (" + ConnectFailures.firstLine(e.getMessage()) + ")" + grant);
      }
    }

    if (!"1".equals(single(sql, "SELECT @@log_bin"))) {
      return new Replication(1, "one server: no Galera cluster, no group replication, binary log off"
          + " (no replica can copy its writes)");
    }
    String how = "SHOW REPLICAS";
    List<List<String>> replicas;
    try {
      try {
        replicas = sql.rows(how);
      } catch (SQLException e) {
        if (e.getErrorCode() != ER_PARSE_ERROR) {
          throw e;
        }
        how = "SHOW SLAVE HOSTS"; // MariaDB, MySQL before 8.0.22
        replicas = sql.rows(how);
      }
    } catch (SQLException e) {
      String grant = e.getErrorCode() == ER_SPECIFIC_ACCESS_DENIED
          ? "; grant REPLICATION SLAVE (MySQL) or REPLICATION MASTER ADMIN (MariaDB) to the kit's user" : "";
      return new Replication(0, "binary log on, but " + how + " failed (" + ConnectFailures.firstLine(e.getMessage())
          + ")" + grant);
    }
    Map<String, String> semiSync = status(sql, "SHOW GLOBAL STATUS LIKE 'Rpl_semi_sync_%_status'");
    boolean semi = semiSync.values().stream().anyMatch("ON"::equalsIgnoreCase);
    return new Replication(1 + replicas.size(), "this server and " + replicas.size() + " replica(s) listed by "
        + how + " (" + (semi ? "semi-synchronous" : "asynchronous") + " replication)");
  }

  private static Map<String, String> status(Sql sql, String statement) throws SQLException {
    Map<String, String> m = new HashMap<>();
    for (List<String> row : sql.rows(statement)) {
      m.put(row.get(0).toLowerCase(java.util.Locale.ROOT), row.get(1));
    }
    return m;
  }

  private static String single(Sql sql, String statement) throws SQLException {
    List<List<String>> rows = sql.rows(statement);
    return rows.isEmpty() ? null : rows.get(0).get(0);
  }

  private static int parseInt(String s) {
    try {
      return s == null ? 0 : Integer.parseInt(s.trim());
    } catch (NumberFormatException e) {
      return 0;
    }
  }
}
