package io.iotkit.binding.postgresql;

import io.iotkit.binding.Replication;
import io.iotkit.binding.jdbc.Aurora;
import io.iotkit.binding.jdbc.Sql;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Asks the server how many copies of each acknowledged reading exist, in this order:
 * <ol>
 *   <li>Aurora PostgreSQL (the function {@code aurora_version()} exists and answers): the cluster volume's copies,
 *       as AWS documents them ({@link Aurora});</li>
 *   <li>a standby (the server is in recovery) takes no writes: 0, pointing at the primary;</li>
 *   <li>otherwise this primary plus the standbys a commit waits for: those {@code pg_stat_replication} lists as
 *       streaming with {@code sync_state} sync (or quorum: at most the number the {@code ANY n} of
 *       {@code synchronous_standby_names} waits for), and only while the session's {@code synchronous_commit}
 *       makes a commit wait for them. Asynchronous standbys are named, not counted: a reading acknowledged to the
 *       kit may not be on them yet.</li>
 * </ol>
 * Without pg_read_all_stats (or pg_monitor) an account sees the standbys' rows but not their state; the factor is
 * then 0 ("could not tell") and the source names the role to grant.
 */
final class PgReplication {
  static final String AURORA_FUNCTION = "SELECT count(*) FROM pg_proc WHERE proname = 'aurora_version'";
  static final String AURORA_VERSION = "SELECT aurora_version()";
  static final String IN_RECOVERY = "SELECT pg_is_in_recovery()";
  static final String STANDBYS = "SELECT application_name, state, sync_state FROM pg_stat_replication"
      + " ORDER BY application_name";
  static final String SYNC_COMMIT = "SHOW synchronous_commit";
  static final String SYNC_NAMES = "SHOW synchronous_standby_names";
  /** The levels at which a commit waits for the synchronous standbys. */
  private static final Set<String> WAITING = Set.of("on", "remote_write", "remote_apply");
  private static final Pattern ANY = Pattern.compile("^\\s*ANY\\s+(\\d+)\\s*\\(", Pattern.CASE_INSENSITIVE);

  private PgReplication() {
  }

  static Replication probe(Sql sql) throws SQLException {
    // Only Aurora has the function: asking for it first spares a failed statement, which would end the
    // session's transaction on any other server.
    if (Sql.number(sql.single(AURORA_FUNCTION)) > 0) {
      String version = Aurora.version(sql, AURORA_VERSION);
      if (version != null) {
        return Aurora.replication("Aurora PostgreSQL", version, AURORA_VERSION);
      }
    }
    if ("t".equals(sql.single(IN_RECOVERY))) {
      return new Replication(0, "this server is a standby (pg_is_in_recovery()); point " + PgSettings.HOST
          + " at the primary, the only server that takes writes");
    }
    List<List<String>> rows = sql.rows(STANDBYS);
    String commit = sql.single(SYNC_COMMIT);
    String names = sql.single(SYNC_NAMES);
    List<String> sync = new ArrayList<>();
    List<String> quorum = new ArrayList<>();
    List<String> other = new ArrayList<>();
    for (List<String> r : rows) {
      if (r.get(2) == null) {
        return new Replication(0, rows.size() + " standby(s) in pg_stat_replication, but their state is hidden from"
            + " the kit's user; GRANT pg_monitor (or pg_read_all_stats) to it");
      }
      String state = r.get(2).toLowerCase(Locale.ROOT);
      boolean streaming = "streaming".equalsIgnoreCase(r.get(1));
      (streaming && state.equals("sync") ? sync : streaming && state.equals("quorum") ? quorum : other)
          .add(r.get(0) + " (" + r.get(1) + ", " + r.get(2) + ")");
    }
    int quorumCounted = quorum.isEmpty() ? 0 : Math.min(quorum.size(), anyCount(names));
    int waited = sync.size() + quorumCounted;
    String level = "synchronous_commit=" + commit;
    if (waited > 0 && !WAITING.contains(commit == null ? "" : commit.toLowerCase(Locale.ROOT))) {
      return new Replication(1, "the primary only: " + waited + " synchronous standby(s) in pg_stat_replication,"
          + " but " + level + " makes no commit wait for them");
    }
    if (rows.isEmpty()) {
      return new Replication(1, "one server: no standby in pg_stat_replication");
    }
    StringBuilder s = new StringBuilder("the primary and " + waited + " synchronous standby(s) a commit waits for ("
        + level + ", synchronous_standby_names='" + names + "')");
    if (!sync.isEmpty()) {
      s.append("; sync: ").append(String.join(", ", sync));
    }
    if (!quorum.isEmpty()) {
      s.append("; quorum, ").append(quorumCounted).append(" of them counted: ").append(String.join(", ", quorum));
    }
    if (!other.isEmpty()) {
      s.append("; not counted (asynchronous or not streaming): ").append(String.join(", ", other));
    }
    return new Replication(1 + waited, s.toString());
  }

  /** The n of {@code ANY n (...)}: how many quorum standbys a commit waits for; 1 when the text says no number. */
  static int anyCount(String synchronousStandbyNames) {
    Matcher m = ANY.matcher(synchronousStandbyNames == null ? "" : synchronousStandbyNames);
    return m.find() ? Integer.parseInt(m.group(1)) : 1;
  }
}
