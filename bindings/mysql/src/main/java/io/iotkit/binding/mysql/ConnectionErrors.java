package io.iotkit.binding.mysql;

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
    String to = "mysql: cannot connect to " + address + ": ";
    Throwable unknownHost = find(e, UnknownHostException.class);
    if (unknownHost != null) {
      return to + "unknown host " + host(address) + "; fix " + MySqlSettings.HOST + " " + LOCAL_HINT;
    }
    if (find(e, ConnectException.class) != null) {
      return to + "connection refused; is the server running? Fix " + MySqlSettings.HOST + " / "
          + MySqlSettings.PORT + " " + LOCAL_HINT;
    }
    if (find(e, NoRouteToHostException.class) != null) {
      return to + "no route to host; fix " + MySqlSettings.HOST + " or the network";
    }
    Throwable tls = find(e, SSLException.class);
    if (tls != null) {
      return "mysql: TLS with " + address + " failed: " + deepestMessage(tls) + "; check "
          + MySqlSettings.SSL_MODE + "=" + sslMode + " and " + MySqlSettings.TRUSTSTORE;
    }
    if (find(e, SocketTimeoutException.class) != null) {
      return to + "no answer within " + MySqlSettings.CONNECT_TIMEOUT + "; check the address and firewalls";
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
        return to + "the server does not let this host in (" + message + ")";
      default:
        break;
    }
    if (message.contains("SSL") || message.contains("TLS")) {
      return "mysql: TLS with " + address + " failed: " + message + "; check " + MySqlSettings.SSL_MODE + "="
          + sslMode + " and " + MySqlSettings.TRUSTSTORE;
    }
    if (message.contains("Public Key Retrieval")) {
      return to + message + " (caching_sha2_password over a plain connection): set " + MySqlSettings.SSL_MODE
          + "=REQUIRED, or " + MySqlSettings.JDBC_PREFIX + "allowPublicKeyRetrieval=true";
    }
    Throwable root = e;
    while (root.getCause() != null) {
      root = root.getCause();
    }
    String cause = root == e ? message : message + " (" + firstLine(root.getMessage()) + ")";
    return to + cause;
  }

  private static Throwable find(Throwable e, Class<? extends Throwable> type) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (type.isInstance(t)) {
        return t;
      }
      if (t.getCause() == t) {
        break;
      }
    }
    return null;
  }

  /**
   * The message of the innermost cause that has one, without the class names the JDK puts in front of wrapped
   * causes ("java.security.cert.CertPathValidatorException: signature check failed").
   */
  static String deepestMessage(Throwable t) {
    String message = null;
    for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) {
      if (c.getMessage() != null && !c.getMessage().isBlank()) {
        message = c.getMessage();
      }
    }
    String line = firstLine(message);
    return line.replaceFirst("^(?:[a-zA-Z_$][\\w$]*\\.)+[\\w$]*(?:Exception|Error): ", "");
  }

  private static String host(String address) {
    int colon = address.lastIndexOf(':');
    String h = colon > 0 ? address.substring(0, colon) : address;
    return h.startsWith("[") && h.endsWith("]") ? h.substring(1, h.length() - 1) : h;
  }

  static String firstLine(String s) {
    if (s == null || s.isBlank()) {
      return "no message";
    }
    String t = s.strip();
    int nl = t.indexOf('\n');
    return (nl < 0 ? t : t.substring(0, nl)).strip();
  }
}
