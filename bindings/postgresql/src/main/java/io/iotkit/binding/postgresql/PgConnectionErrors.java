package io.iotkit.binding.postgresql;

import static io.iotkit.binding.errors.ConnectFailures.deepestMessage;
import static io.iotkit.binding.errors.ConnectFailures.find;
import static io.iotkit.binding.errors.ConnectFailures.firstLine;

import io.iotkit.binding.errors.ConnectFailures;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.sql.SQLException;
import javax.net.ssl.SSLException;

/**
 * Turns what pgJDBC throws when a connection fails into one line for the user: the binding, the address, the
 * cause, and what to change. Never includes a password: only the address, the user and database names and the
 * server's or the JVM's own messages, which carry none.
 */
final class PgConnectionErrors {
  private static final String LOCAL_HINT = "(leave " + PgSettings.HOST + " out to use the local PostgreSQL)";

  private PgConnectionErrors() {
  }

  static String describe(SQLException e, PgSettings s) {
    String address = s.address();
    if (find(e, UnknownHostException.class) != null) {
      return cannotConnect(address, ConnectFailures.unknownHost(host(address)) + "; fix " + PgSettings.HOST + " "
          + LOCAL_HINT);
    }
    if (find(e, ConnectException.class) != null) {
      return cannotConnect(address, ConnectFailures.REFUSED + "; is the server running? Fix " + PgSettings.HOST
          + " / " + PgSettings.PORT + " " + LOCAL_HINT);
    }
    if (find(e, NoRouteToHostException.class) != null) {
      return cannotConnect(address, ConnectFailures.NO_ROUTE + "; fix " + PgSettings.HOST + " or the network");
    }
    Throwable tls = find(e, SSLException.class);
    if (tls != null) {
      return "postgresql: TLS with " + address + " failed: " + deepestMessage(tls) + "; check " + PgSettings.SSL_MODE
          + "=" + s.sslMode() + " and " + PgSettings.SSL_ROOT_CERT;
    }
    if (find(e, SocketTimeoutException.class) != null) {
      return cannotConnect(address, ConnectFailures.noAnswerWithin(PgSettings.CONNECT_TIMEOUT)
          + "; check the address and firewalls");
    }
    String message = firstLine(e.getMessage());
    String state = e.getSQLState() == null ? "" : e.getSQLState();
    switch (state) {
      case "28P01": // invalid_password
        return "postgresql: " + address + " refused the login of user '" + s.user() + "': wrong user or password"
            + " (the server says: " + message + "); fix " + PgSettings.USER + " / " + PgSettings.PASSWORD;
      case "28000": // invalid_authorization_specification: no pg_hba.conf line lets this login in
        return cannotConnect(address, "the server does not let user '" + s.user() + "' in from here (" + message
            + "); add a pg_hba.conf line for it, or fix " + PgSettings.USER + " / " + PgSettings.SSL_MODE);
      case "3D000": // invalid_catalog_name
        return "postgresql: " + address + " has no database '" + s.database() + "'; create it (CREATE DATABASE "
            + s.database() + " OWNER " + s.user() + ") or fix " + PgSettings.DATABASE;
      case "42501": // insufficient_privilege
        return "postgresql: " + address + ": user '" + s.user() + "' may not use database '" + s.database() + "' ("
            + message + "); grant it CONNECT, or fix " + PgSettings.DATABASE;
      default:
        break;
    }
    Throwable root = ConnectFailures.root(e);
    return cannotConnect(address, root == e ? message : message + " (" + firstLine(root.getMessage()) + ")");
  }

  private static String cannotConnect(String address, String cause) {
    return ConnectFailures.cannotConnect("postgresql", address, cause);
  }

  private static String host(String address) {
    int colon = address.lastIndexOf(':');
    String h = colon > 0 ? address.substring(0, colon) : address;
    return h.startsWith("[") && h.endsWith("]") ? h.substring(1, h.length() - 1) : h;
  }
}
