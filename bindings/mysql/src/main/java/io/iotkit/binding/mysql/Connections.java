package io.iotkit.binding.mysql;

import java.sql.Connection;
import java.sql.Driver;
import java.sql.SQLException;
import site.ycsb.DBException;

/**
 * Opens JDBC connections with Connector/J's driver directly: the binding lives in a class loader of its own,
 * where java.sql.DriverManager would not find (or would refuse) a driver it did not load itself.
 */
final class Connections {
  private Connections() {
  }

  /** A connection to the configured server, or a DBException whose message is one line for the user. */
  static Connection open(MySqlSettings s) throws DBException {
    try {
      Driver driver = new com.mysql.cj.jdbc.Driver();
      Connection c = driver.connect(s.url(), s.connectionProperties());
      if (c == null) {
        throw new DBException("mysql: Connector/J does not accept the URL " + s.url());
      }
      return c;
    } catch (SQLException e) {
      throw new DBException(ConnectionErrors.describe(e, s.address(), s.user(), s.database(), s.sslMode()));
    }
  }
}
