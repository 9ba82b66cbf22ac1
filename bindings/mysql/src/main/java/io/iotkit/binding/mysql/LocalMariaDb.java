package io.iotkit.binding.mysql;

import io.iotkit.binding.settings.PropertyReader;
import io.iotkit.process.ChildJvmServer;
import io.iotkit.process.LocalSetup;
import java.io.Closeable;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;

/**
 * A local MariaDB 10.11 for users with no server of their own, started by the launcher of bindings/mysql-server
 * (its own small JVM, which speaks the kit's READY/STOP protocol and stops every mariadbd when the kit goes away),
 * with its data under the run's folder, on the address of the {@link LocalSetup}. With one node it is one
 * mariadbd; with N it is a primary and N-1 semi-synchronous replicas, each its own mariadbd, and the binding
 * properties point at the primary, the only node the kit writes to and counts on.
 *
 * <p>When the data folder is new, the launcher creates the database and account of the binding properties
 * ({@code mysql.database}, {@code mysql.user}, {@code mysql.password}), so the binding logs in exactly as it
 * would on a sponsor's server. The launcher never sees the password: this class alone turns it into the
 * server's own mysql_native_password hash, which the launcher gets in a file only this user can read, deleted as
 * soon as the server is up.
 */
final class LocalMariaDb extends ChildJvmServer {
  static final String MAIN = "io.iotkit.server.mysql.StandaloneMariaDb";
  /** The launcher only supervises mariadbd: a small heap and a quick start are all it needs. */
  private static final List<String> JVM_OPTIONS = List.of("-Xmx64m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1");
  /** The first start unpacks about 330 MB of binaries. */
  private static final Duration READY_TIMEOUT = Duration.ofSeconds(240);
  /** Longer than the launcher's own grace for mariadbd's clean shutdown (60 s). */
  private static final Duration STOP_GRACE = Duration.ofSeconds(90);

  private final Properties account = new Properties();
  private final LocalSetup setup;
  private String version = "10.11";

  LocalMariaDb(LocalSetup setup, Properties bindingProperties) {
    super(setup, "mysql-server", MAIN, JVM_OPTIONS, READY_TIMEOUT, STOP_GRACE);
    this.setup = setup;
    PropertyReader reader = new PropertyReader(bindingProperties);
    for (String key : List.of(MySqlSettings.USER, MySqlSettings.DATABASE)) {
      reader.optional(key).ifPresent(v -> account.setProperty(key, v));
    }
    // As the binding sends it (MySqlSettings): a password is not trimmed.
    String password = bindingProperties.getProperty(MySqlSettings.PASSWORD, "");
    if (!password.isEmpty()) {
      account.setProperty("mysql.password.hash", nativePasswordHash(password));
    }
  }

  @Override
  public String description() {
    int replicas = setup.nodes() - 1;
    String nodes = replicas == 0 ? "one mariadbd" : "a primary and " + replicas + " semi-synchronous replica"
        + (replicas == 1 ? "" : "s") + ", " + setup.nodes() + " mariadbd";
    return "local MariaDB " + version + " (" + nodes + " on " + setup.host() + " in a child process, data in the run"
        + " folder)";
  }

  @Override
  public Set<String> launchOptions() {
    return Set.of("--port", "--tls-cert", "--tls-key");
  }

  /** The launcher reads the account file while it starts; it is deleted as soon as the server is up. */
  @Override
  protected Closeable prepare(Path dir) throws IOException {
    return writeAccountFile(dir, account, "account for the local MariaDB; deleted once it is up");
  }

  /** Each mariadbd's data and temporary folders (the primary's and each replica's); their logs stay. */
  @Override
  protected List<Path> storeFolders(Path workDir) throws IOException {
    Path primary = workDir.resolve("mariadb");
    List<Path> nodes = new ArrayList<>(List.of(primary));
    nodes.addAll(foldersIn(primary, name -> name.startsWith("replica-")));
    List<Path> folders = new ArrayList<>();
    for (Path node : nodes) {
      folders.add(node.resolve("data"));
      folders.add(node.resolve("tmp"));
    }
    return folders;
  }

  @Override
  protected List<String> arguments(Path dir) {
    return List.of(dir.resolve("mariadb").toString(), "--account", accountFile(dir).toString(),
        "--nodes", Integer.toString(setup.nodes()), "--host", setup.host());
  }

  /**
   * Each mariadbd serving now, from the launcher's READY line ({@code node<i>.pid}): "primary" and "replica i" (or
   * "mariadbd" alone). A node whose process has died is not serving, and is left out.
   */
  @Override
  public List<Node> nodes() {
    return nodesFromReadyFacts((i, count) -> count == 1 ? "mariadbd" : i == 1 ? "primary" : "replica " + i);
  }

  @Override
  protected Properties address(Map<String, String> facts) {
    version = facts.getOrDefault("version", version);
    Properties p = new Properties();
    p.setProperty(MySqlSettings.HOST, facts.get("host"));
    p.setProperty(MySqlSettings.PORT, facts.get("port"));
    return p;
  }

  /** The mysql_native_password hash: '*' and the upper-case hex of SHA1(SHA1(password)). */
  static String nativePasswordHash(String password) {
    try {
      MessageDigest sha1 = MessageDigest.getInstance("SHA-1");
      byte[] stage1 = sha1.digest(password.getBytes(StandardCharsets.UTF_8));
      return "*" + HexFormat.of().withUpperCase().formatHex(sha1.digest(stage1));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JDK has SHA-1", e);
    }
  }
}
