package io.iotkit.server.mysql;

import java.io.IOException;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Points every replica at the primary with MariaDB's own replication, at every start of the cluster (the primary's
 * port may have changed), and waits until each replica runs and the primary counts it as a semi-synchronous
 * replica: only then does the cluster keep the copies the replication check will count.
 *
 * <p>The replication account's password is drawn anew at every start, like the launcher's own; MariaDB keeps it
 * in each replica's master.info, where any replica keeps its primary's password.
 */
final class ReplicaLinks {
  static final String USER = "iotkit_repl";
  private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(120);

  private ReplicaLinks() {
  }

  static void link(AdminLogin admin, String host, MariaDbServer primary, List<MariaDbServer> replicas)
      throws IOException, InterruptedException {
    String password = AdminLogin.randomPassword();
    String account = Account.literal(USER) + "@" + Account.literal(admin.clientAddress());
    try (Connection p = admin.open(host, primary.port())) {
      // Made on the primary alone: the replicas never log in as anyone.
      execute(p, "SET SESSION sql_log_bin=0", "CREATE USER IF NOT EXISTS " + account,
          "ALTER USER " + account + " IDENTIFIED BY '" + password + "'",
          "GRANT REPLICATION SLAVE ON *.* TO " + account);
      for (MariaDbServer r : replicas) {
        try (Connection c = admin.open(host, r.port())) {
          // slave_pos: a replica asks for what follows the last transaction it applied, whatever the file names.
          // A heartbeat every second makes the primary notice a replica that died within a second, even when
          // nothing is written: until then SHOW SLAVE HOSTS still lists it.
          execute(c, "STOP SLAVE", "CHANGE MASTER TO MASTER_HOST=" + Account.literal(host) + ", MASTER_PORT="
              + primary.port() + ", MASTER_USER=" + Account.literal(USER) + ", MASTER_PASSWORD='" + password
              + "', MASTER_USE_GTID=slave_pos, MASTER_CONNECT_RETRY=1,"
              + " MASTER_HEARTBEAT_PERIOD=1", "START SLAVE");
        }
      }
      awaitReplicas(admin, host, p, replicas);
    } catch (SQLException e) {
      // A message may quote the statement it refused: never the password.
      throw new IOException("could not set up replication: " + String.valueOf(e.getMessage()).replace(password, "***"));
    }
  }

  private static void awaitReplicas(AdminLogin admin, String host, Connection primary, List<MariaDbServer> replicas)
      throws SQLException, IOException, InterruptedException {
    long deadline = System.nanoTime() + CONNECT_TIMEOUT.toNanos();
    while (true) {
      List<String> problems = new ArrayList<>();
      for (MariaDbServer r : replicas) {
        String problem = problem(admin, host, r);
        if (problem != null) {
          problems.add(problem);
        }
      }
      int semiSync = Integer.parseInt(status(primary, "SHOW GLOBAL STATUS LIKE 'Rpl_semi_sync_master_clients'")
          .getOrDefault("Rpl_semi_sync_master_clients", "0"));
      if (problems.isEmpty() && semiSync == replicas.size() && rows(primary, "SHOW SLAVE HOSTS") == replicas.size()) {
        return;
      }
      if (System.nanoTime() > deadline) {
        throw new IOException("the replicas did not all replicate within " + CONNECT_TIMEOUT.toSeconds() + " s ("
            + semiSync + " of " + replicas.size() + " semi-synchronous)" + (problems.isEmpty() ? "" : ": "
            + String.join("; ", problems)));
      }
      Thread.sleep(200);
    }
  }

  /** Why a replica does not replicate now, from its own SHOW SLAVE STATUS; null if both its threads run. */
  private static String problem(AdminLogin admin, String host, MariaDbServer replica) throws SQLException {
    try (Connection c = admin.open(host, replica.port());
         Statement s = c.createStatement();
         ResultSet rs = s.executeQuery("SHOW SLAVE STATUS")) {
      if (!rs.next()) {
        return replica.role() + " has no primary";
      }
      if ("Yes".equals(rs.getString("Slave_IO_Running")) && "Yes".equals(rs.getString("Slave_SQL_Running"))) {
        return null;
      }
      String error = rs.getString("Last_IO_Error") + " " + rs.getString("Last_SQL_Error");
      return replica.role() + ": I/O thread " + rs.getString("Slave_IO_Running") + ", SQL thread "
          + rs.getString("Slave_SQL_Running") + (error.isBlank() ? "" : " (" + error.strip() + ")");
    }
  }

  private static void execute(Connection c, String... statements) throws SQLException {
    try (Statement s = c.createStatement()) {
      for (String sql : statements) {
        s.execute(sql);
      }
    }
  }

  private static Map<String, String> status(Connection c, String sql) throws SQLException {
    Map<String, String> m = new HashMap<>();
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      while (rs.next()) {
        m.put(rs.getString(1), rs.getString(2));
      }
    }
    return m;
  }

  private static int rows(Connection c, String sql) throws SQLException {
    int n = 0;
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      while (rs.next()) {
        n++;
      }
    }
    return n;
  }
}
