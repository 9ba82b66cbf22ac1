package io.iotkit.binding.postgresql;

import io.iotkit.binding.LiveCopies;
import io.iotkit.binding.errors.ConnectFailures;
import io.iotkit.binding.jdbc.ReplicaContents;
import io.iotkit.binding.jdbc.Sql;
import io.iotkit.binding.settings.HostPort;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import site.ycsb.DBException;

/**
 * The copies on the standbys the binding is told of ({@value PgSettings#STANDBYS}), each read on itself with the
 * binding's own login: a standby counts once it has replayed the primary's WAL up to where the primary stood when
 * asked (waiting up to {@value PgDialect#CATCH_UP_SECONDS} s for it) and then holds as many of the iteration's
 * readings of each substation as the primary.
 */
final class StandbyCopies {
  private StandbyCopies() {
  }

  static LiveCopies read(PgDialect dialect, PgSettings settings, String target, ReplicaContents contents) {
    List<String> not = new ArrayList<>();
    int counted = 0;
    for (HostPort standby : settings.standbys()) {
      String why = replayedAndHeld(dialect, settings.at(standby), target, contents);
      if (why == null) {
        counted++;
      } else {
        not.add(standby + " " + why);
      }
    }
    return new LiveCopies(1 + counted, "the primary and " + counted + " of " + settings.standbys().size()
        + " standby(s) in " + PgSettings.STANDBYS + " that replayed its WAL up to " + target
        + " and hold its readings" + (not.isEmpty() ? "" : "; not: " + String.join(", ", not)));
  }

  /** Null once the standby has replayed {@code target} and holds the primary's readings; else why not. */
  private static String replayedAndHeld(PgDialect dialect, PgSettings standby, String target,
                                        ReplicaContents contents) {
    long deadline = System.nanoTime() + PgDialect.CATCH_UP_SECONDS * 1_000_000_000L;
    String query = "SELECT pg_last_wal_replay_lsn()::text, pg_last_wal_replay_lsn() >= '" + target + "'::pg_lsn";
    try (Connection c = dialect.connect(standby)) {
      Sql sql = Sql.over(c);
      List<String> replay = sql.rows(query).get(0);
      while (!"t".equals(replay.get(1)) && replay.get(0) != null && System.nanoTime() < deadline) {
        Thread.sleep(100);
        replay = sql.rows(query).get(0);
      }
      if (replay.get(0) == null) {
        return "is not a standby (it replays no WAL)";
      }
      if (!"t".equals(replay.get(1))) {
        return "replayed only up to " + replay.get(0);
      }
      String difference = contents.differenceOn(c);
      return difference.isEmpty() ? null : difference;
    } catch (SQLException | DBException e) {
      return "could not be read (" + ConnectFailures.firstLine(e.getMessage()) + ")";
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return "not read (interrupted)";
    }
  }
}
