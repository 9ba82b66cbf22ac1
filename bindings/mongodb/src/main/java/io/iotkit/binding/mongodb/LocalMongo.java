package io.iotkit.binding.mongodb;

import io.iotkit.process.ChildJvmServer;
import io.iotkit.process.LocalSetup;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;

/**
 * The local server for users with no MongoDB: no MongoDB server can be installed from the registries the kit
 * uses, so it is mongo-java-server, an open Java implementation of MongoDB's wire protocol, with its H2 backend
 * keeping the documents in one file in the run folder; started by the launcher of bindings/mongodb-server in a
 * child JVM on the {@link LocalSetup}'s address. It is not MongoDB, and its description says so wherever the
 * kit shows the SUT. One server only; it has no authentication, so a login is refused.
 */
final class LocalMongo extends ChildJvmServer {
  static final String MAIN = "io.iotkit.server.mongodb.StandaloneMongoDb";
  private static final Duration READY_TIMEOUT = Duration.ofSeconds(60);
  private static final Duration STOP_GRACE = Duration.ofSeconds(30);
  /** The emulator runs in this JVM, with H2's page cache (1 GB, see the launcher) in its heap. */
  private static final List<String> JVM = List.of("-Xmx3g", "-XX:+UseParallelGC");

  private final LocalSetup setup;
  private String version = "";

  /** @throws IllegalArgumentException (one line) for more than one node, or a login the emulator cannot check */
  LocalMongo(LocalSetup setup, Properties bindingProperties) {
    super(singleNode(setup, "mongodb"), "mongodb-server", MAIN, JVM, READY_TIMEOUT, STOP_GRACE);
    this.setup = setup;
    if (!bindingProperties.getProperty(MongoSettings.USER, "").isBlank()) {
      throw new IllegalArgumentException("mongodb: the local emulator (mongo-java-server) has no authentication;"
          + " unset " + MongoSettings.USER + " and " + MongoSettings.PASSWORD + ", or set " + MongoSettings.HOSTS
          + " to a MongoDB server of your own");
    }
  }

  @Override
  public String description() {
    return "local " + ServerIdentity.MONGO_JAVA_SERVER + ": mongo-java-server" + (version.isEmpty() ? "" : " " + version)
        + " with its H2 backend,"
        + " one server on " + setup.host() + " in a child JVM, data in the run folder";
  }

  @Override
  public Set<String> launchOptions() {
    return Set.of("--port");
  }

  @Override
  protected List<String> arguments(Path dir) {
    return List.of(dir.resolve("mongodb").toString(), "--host", setup.host());
  }

  /** The emulator's H2 file; the launcher's log stays. */
  @Override
  protected List<Path> storeFolders(Path workDir) {
    return List.of(workDir.resolve("mongodb").resolve("data"));
  }

  @Override
  protected Properties address(Map<String, String> facts) {
    version = facts.getOrDefault("version", version);
    Properties p = new Properties();
    p.setProperty(MongoSettings.HOSTS, facts.get("host") + ":" + facts.get("port"));
    return p;
  }
}
