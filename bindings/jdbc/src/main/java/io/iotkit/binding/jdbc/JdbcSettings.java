package io.iotkit.binding.jdbc;

import java.util.Properties;

/**
 * A SQL binding's checked settings as the JDBC core and its driver use them: where the server is, which table it
 * writes and how many readings go in one batch ({@link JdbcBasics}), the TLS mode, and the properties handed to
 * the driver. The password goes only into {@link #connectionProperties()}: no URL, message or {@code toString}
 * here ever contains it. Each dialect's subclass reads its own binding properties into one.
 */
public abstract class JdbcSettings {
  private final JdbcBasics basics;
  private final String urlScheme;
  private final String sslModeProperty;
  private final String sslMode;
  private final Properties connection;

  /**
   * @param urlScheme       the driver's JDBC URL scheme, e.g. {@code mysql}
   * @param sslModeProperty the binding property that chose {@code sslMode}, for messages
   * @param connection      everything the driver gets: login, TLS, timeouts, batching, the extras
   */
  protected JdbcSettings(JdbcBasics basics, String urlScheme, String sslModeProperty, String sslMode,
                         Properties connection) {
    this.basics = basics;
    this.urlScheme = urlScheme;
    this.sslModeProperty = sslModeProperty;
    this.sslMode = sslMode;
    this.connection = connection;
  }

  /** The properties every SQL binding reads alike. */
  public JdbcBasics basics() {
    return basics;
  }

  /** host:port, as users write it (IPv6 literals in brackets). */
  public String address() {
    return basics.address();
  }

  /** The database (MySQL) or database and schema (PostgreSQL) the table is in, for messages. */
  public String database() {
    return basics.database();
  }

  /** The table's name, a checked identifier. */
  public String table() {
    return basics.table();
  }

  /** The login the binding uses (never the password). */
  public String user() {
    return basics.user();
  }

  /** Readings written in one INSERT batch and one commit; 1 writes each reading on its own. */
  public int batchSize() {
    return basics.batchSize();
  }

  /** How long a partial batch's oldest reading waits before a paced thread sends the batch unfilled. */
  public java.time.Duration batchLinger() {
    return basics.batchLinger();
  }

  /** The JDBC URL: address and database only; credentials and options travel in {@link #connectionProperties()}. */
  public String url() {
    return "jdbc:" + urlScheme + "://" + address() + "/" + database();
  }

  /** What the driver gets, as a copy. */
  public Properties connectionProperties() {
    Properties copy = new Properties();
    copy.putAll(connection);
    return copy;
  }

  /** The TLS mode, in the driver's words. */
  public String sslMode() {
    return sslMode;
  }

  @Override
  public String toString() {
    return "user " + user() + " at " + address() + "/" + database() + " (" + sslModeProperty + "=" + sslMode + ")";
  }
}
