package io.iotkit.binding.mysql;

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
 * Turns what Connector/J throws when a connection fails (several lines, nested causes) into one line for the
 * user: the binding, the address, the cause, and what to change. Never includes a password: it only uses the
 * address, the user name and the server's or the JVM's own messages, which carry no password.
 */
final class ConnectionErrors {
  private static final String LOCAL_HINT = "(leave " + MySqlSettings.HOST + " out to use the local MariaDB)";

  private ConnectionErrors() {
  }

  /** One line saying why connecting to {@code address} as {@code user} failed. */
  static String describe(SQLException e, String address, String user, String database, String sslMode) {
    if (find(e, UnknownHostException.class) != null) {
      return cannotConnect(address, ConnectFailures.unknownHost(host(address)) + "; fix " + MySqlSettings.HOST + " "
          + LOCAL_HINT);
    }
    if (find(e, ConnectException.class) != null) {
      return cannotConnect(address, ConnectFailures.REFUSED + "; is the server running? Fix " + MySqlSettings.HOST
          + " / " + MySqlSettings.PORT + " " + LOCAL_HINT);
    }
    if (find(e, NoRouteToHostException.class) != null) {
      return cannotConnect(address, ConnectFailures.NO_ROUTE + "; fix " + MySqlSettings.HOST + " or the network");
    }
    Throwable tls = find(e, SSLException.class);
    if (tls != null) {
      return "mysql: TLS with " + address + " failed: " + deepestMessage(tls) + "; check "
          + MySqlSettings.SSL_MODE + "=" + sslMode + " and " + MySqlSettings.TRUSTSTORE;
    }
    if (find(e, SocketTimeoutException.class) != null) {
      return cannotConnect(address, ConnectFailures.noAnswerWithin(MySqlSettings.CONNECT_TIMEOUT)
          + "; check the address and firewalls");
    }
    String message = firstLine(e.getMessage());
    switch (e.getErrorCode()) {
      case 1045: // ER_ACCESS_DENIED_ERROR
        return "mysql: " + address + " refused the login of user '" + user + "': wrong user or password (the server"
            + " says: " + message + "); fix " + MySqlSettings.USER + " / " + MySqlSettings.PASSWORD;
      case 1044: // ER_DBACCESS_DENIED_ERROR
        return "mysql: " + address + ": user '" + user + "' may not use database '" + database + "' (" + message
            + "); grant it, or fix " + MySqlSettings.DATABASE;
      case 1049: // ER_BAD_DB_ERROR
        return "mysql: " + address + " has no database '" + database + "'; create it (CREATE DATABASE " + database
            + ") or fix " + MySqlSettings.DATABASE;
      case 1130: // ER_HOST_NOT_PRIVILEGED
        return cannotConnect(address, "the server does not let this host in (" + message + ")");
      default:
        break;
    }
    if (message.contains("SSL") || message.contains("TLS")) {
      return "mysql: TLS with " + address + " failed: " + message + "; check " + MySqlSettings.SSL_MODE + "="
          + sslMode + " and " + MySqlSettings.TRUSTSTORE;
    }
    if (message.contains("Public Key Retrieval")) {
      return cannotConnect(address, message + " (caching_sha2_password over a plain connection): set "
          + MySqlSettings.SSL_MODE + "=REQUIRED, or " + MySqlSettings.JDBC_PREFIX + "allowPublicKeyRetrieval=true");
    }
    Throwable root = ConnectFailures.root(e);
    return cannotConnect(address, root == e ? message : message + " (" + firstLine(root.getMessage()) + ")");
  }

  private static String cannotConnect(String address, String cause) {
    return ConnectFailures.cannotConnect("mysql", address, cause);
  }

  private static String host(String address) {
    int colon = address.lastIndexOf(':');
    String h = colon > 0 ? address.substring(0, colon) : address;
    return h.startsWith("[") && h.endsWith("]") ? h.substring(1, h.length() - 1) : h;
  }
}
