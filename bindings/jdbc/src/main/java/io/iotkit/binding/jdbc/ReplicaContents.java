package io.iotkit.binding.jdbc;

import java.sql.Connection;
import java.sql.SQLException;

/** What a replica holds of an iteration's readings, against what the primary holds. */
@FunctionalInterface
public interface ReplicaContents {
  /** Empty when the replica that {@code replica} reaches holds the primary's counts; else their first difference. */
  String differenceOn(Connection replica) throws SQLException;
}
