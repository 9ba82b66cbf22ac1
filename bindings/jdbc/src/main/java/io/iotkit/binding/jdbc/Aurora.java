package io.iotkit.binding.jdbc;

import io.iotkit.binding.Replication;
import java.sql.SQLException;

/**
 * Amazon Aurora, recognised by the function or variable only Aurora has. Aurora keeps no replicas a server could
 * list: every write goes to the cluster volume, which AWS documents as six copies across three Availability
 * Zones, a write being durable once four of the six have it. That is the figure reported, with its source named,
 * since no statement lets a client count the volume's copies.
 */
public final class Aurora {
  /** The copies AWS documents for an Aurora cluster volume. */
  public static final int COPIES = 6;

  private Aurora() {
  }

  /**
   * Aurora's version, when {@code statement} (one only Aurora answers) succeeds; null when the server refuses it,
   * which is how every other MySQL or PostgreSQL server answers.
   */
  public static String version(Sql sql, String statement) {
    try {
      String v = sql.single(statement);
      return v == null || v.isBlank() ? null : v.trim();
    } catch (SQLException e) {
      return null;
    }
  }

  /** The replication an Aurora cluster has, as AWS documents it, naming the statement that recognised it. */
  public static Replication replication(String engine, String version, String statement) {
    return new Replication(COPIES, "Amazon " + engine + " " + version + " (" + statement + " answers): the cluster"
        + " volume keeps " + COPIES + " copies across three Availability Zones and a write is durable once 4 of"
        + " them have it, as AWS documents Aurora storage; the copies are AWS's figure, no server lists them");
  }
}
