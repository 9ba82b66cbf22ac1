package io.iotkit.server.mysql;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Properties;

/**
 * The launcher's own login to the nodes of a replicated cluster, to wire replication: an account with every
 * privilege, for the launcher's address only, whose password is drawn anew at every start and kept in memory
 * only. A node learns it from its init file, which holds the password's hash alone and is deleted once the node
 * serves; the account is never written to the binary log, so it stays on the node that made it.
 */
final class AdminLogin {
  static final String USER = "iotkit_admin";
  private static final SecureRandom RANDOM = new SecureRandom();

  private final String password = randomPassword();
  private final String clientAddress;

  /** @param clientAddress the address the nodes see the launcher's connections come from */
  AdminLogin(String clientAddress) {
    this.clientAddress = clientAddress;
  }

  /** 32 characters of [A-Za-z0-9_-], 192 random bits: safe inside an SQL string literal as it is. */
  static String randomPassword() {
    byte[] bytes = new byte[24];
    RANDOM.nextBytes(bytes);
    return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
  }

  String clientAddress() {
    return clientAddress;
  }

  /** A node's init file: (re)creates the account with this start's password, outside the binary log. */
  String initSql() {
    String account = Account.literal(USER) + "@" + Account.literal(clientAddress);
    return String.join("\n",
        "SET SESSION sql_log_bin=0;",
        "CREATE USER IF NOT EXISTS " + account + ";",
        "ALTER USER " + account + " IDENTIFIED BY PASSWORD " + Account.literal(nativeHash(password)) + ";",
        "GRANT ALL PRIVILEGES ON *.* TO " + account + " WITH GRANT OPTION;",
        "");
  }

  /** A connection to the node at {@code host:port}, over the host's own network stack. */
  Connection open(String host, int port) throws SQLException {
    Properties p = new Properties();
    p.setProperty("user", USER);
    p.setProperty("password", password);
    p.setProperty("connectTimeout", "10000");
    p.setProperty("socketTimeout", "60000");
    p.setProperty("sslMode", "DISABLED"); // the launcher only talks to its own nodes on this host
    String address = host.contains(":") ? "[" + host + "]" : host;
    Connection c = new com.mysql.cj.jdbc.Driver().connect("jdbc:mysql://" + address + ":" + port + "/", p);
    if (c == null) {
      throw new SQLException("Connector/J refused the URL of " + address + ":" + port);
    }
    return c;
  }

  /** The server's mysql_native_password hash: '*' and the upper-case hex of SHA1(SHA1(password)). */
  private static String nativeHash(String password) {
    try {
      MessageDigest sha1 = MessageDigest.getInstance("SHA-1");
      return "*" + HexFormat.of().withUpperCase().formatHex(sha1.digest(sha1.digest(
          password.getBytes(StandardCharsets.UTF_8))));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JDK has SHA-1", e);
    }
  }
}
