package io.iotkit.binding.mysql;

import io.iotkit.binding.jdbc.Sql;
import io.iotkit.binding.Replication;
import io.iotkit.binding.errors.ConnectFailures;
import java.sql.SQLException;
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

  private ReplicationProbe() {
  }

  static Replication probe(Sql sql) throws SQLException {
    Map<String, String> wsrep = sql.variables("SHOW GLOBAL STATUS LIKE 'wsrep%'");
    int clusterSize = (int) Sql.number(wsrep.get("wsrep_cluster_size"));
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
    String group = sql.variables("SHOW GLOBAL VARIABLES LIKE 'group_replication_group_name'")
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

    if (!"1".equals(sql.single("SELECT @@log_bin"))) {
      return new Replication(1, "one server: no Galera cluster, no group replication, binary log off"
          + " (no replica can copy its writes)");
    }
    Replicas replicas;
    try {
      replicas = replicas(sql);
    } catch (SQLException e) {
      String grant = e.getErrorCode() == ER_SPECIFIC_ACCESS_DENIED
          ? "; grant REPLICATION SLAVE (MySQL) or REPLICATION MASTER ADMIN (MariaDB) to the kit's user" : "";
      return new Replication(0, "binary log on, but SHOW REPLICAS / SHOW SLAVE HOSTS failed ("
          + ConnectFailures.firstLine(e.getMessage()) + ")" + grant);
    }
    Map<String, String> semiSync = sql.variables("SHOW GLOBAL STATUS LIKE 'Rpl_semi_sync_%_status'");
    boolean semi = semiSync.values().stream().anyMatch("ON"::equalsIgnoreCase);
    int n = replicas.rows().size();
    return new Replication(1 + n, "this server and " + n + " replica(s) listed by " + replicas.how() + " ("
        + (semi ? "semi-synchronous" : "asynchronous") + " replication)");
  }

  /**
   * The replicas connected to this server, one row each: server id, host, port first (both statements' columns).
   *
   * @param how the statement that listed them
   */
  record Replicas(String how, List<List<String>> rows) {
  }

  /** Lists the connected replicas; SHOW REPLICAS on MySQL 8.0.22 and later, SHOW SLAVE HOSTS elsewhere. */
  static Replicas replicas(Sql sql) throws SQLException {
    try {
      return new Replicas("SHOW REPLICAS", sql.rows("SHOW REPLICAS"));
    } catch (SQLException e) {
      if (e.getErrorCode() != ER_PARSE_ERROR) {
        throw e;
      }
      return new Replicas("SHOW SLAVE HOSTS", sql.rows("SHOW SLAVE HOSTS")); // MariaDB, MySQL before 8.0.22
    }
  }
}
