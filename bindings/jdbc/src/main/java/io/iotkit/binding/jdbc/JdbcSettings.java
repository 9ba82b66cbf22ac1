package io.iotkit.binding.jdbc;

/**
 * What the JDBC core needs of a SQL binding's checked settings: where the server is, which table it writes and
 * how many readings go in one batch. Each dialect's settings keep the password to themselves: it goes only into
 * the properties the dialect hands its driver, never into any of these.
 */
public interface JdbcSettings {
  /** host:port, as users write it (IPv6 literals in brackets). */
  String address();

  /** The database (MySQL) or database and schema (PostgreSQL) the table is in, for messages. */
  String database();

  /** The table's name, a checked identifier. */
  String table();

  /** The login the binding uses (never the password). */
  String user();

  /** Readings written in one INSERT batch and one commit; 1 writes each reading on its own. */
  int batchSize();
}
