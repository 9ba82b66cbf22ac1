package io.iotkit.binding.dynamodb;

import io.iotkit.process.ChildJvmServer;
import io.iotkit.process.LocalSetup;
import io.iotkit.server.dynamodb.StandaloneDynalite;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;

/**
 * The local server for users with no DynamoDB table: DynamoDB itself runs only at AWS, and DynamoDB Local is under
 * AWS's own licence, so it is dynalite (npm, Apache-2.0), an implementation of DynamoDB's API on Node.js with its
 * items in LevelDB in the run folder. Its launcher, {@link StandaloneDynalite}, installs it under the kit's
 * {@code servers/dynalite} at first use, starts it on the {@link LocalSetup}'s address and stops it when the kit
 * goes. It is not DynamoDB, and its description says so wherever the kit shows the SUT. One server only.
 */
final class LocalDynalite extends ChildJvmServer {
  /** Long enough for the first start's npm install. */
  private static final Duration READY_TIMEOUT = Duration.ofSeconds(300);
  private static final Duration STOP_GRACE = Duration.ofSeconds(30);

  private final LocalSetup setup;
  private String version = "";

  /** @throws IllegalArgumentException (one line) for more than one node */
  LocalDynalite(LocalSetup setup, Properties bindingProperties) {
    super(singleNode(setup, "dynamodb"), "dynamodb-server", StandaloneDynalite.class, SUPERVISOR_JVM, READY_TIMEOUT,
        STOP_GRACE);
    this.setup = setup;
  }

  @Override
  public String description() {
    return "local " + EndpointIdentity.DYNALITE + ": dynalite" + (version.isEmpty() ? "" : " " + version)
        + " on Node.js, one server on " + setup.host() + " in a child process, LevelDB in the run folder";
  }

  @Override
  public Set<String> launchOptions() {
    return Set.of("--port");
  }

  @Override
  protected List<String> arguments(Path dir) {
    return List.of(dir.resolve("dynalite").toString(), "--install",
        setup.kitHome().resolve("servers").resolve("dynalite").toString(), "--host", setup.host());
  }

  /** dynalite's LevelDB folder; the logs stay. */
  @Override
  protected List<Path> storeFolders(Path workDir) {
    return List.of(workDir.resolve("dynalite").resolve("data"));
  }

  @Override
  protected Properties address(Map<String, String> facts) {
    version = facts.getOrDefault("version", version);
    Properties p = new Properties();
    p.setProperty(DynamoSettings.ENDPOINT, "http://" + facts.get("host") + ":" + facts.get("port"));
    return p;
  }

  /** The node process serving now (the launcher's READY line names its pid). */
  @Override
  public List<Node> nodes() {
    return nodeFromReadyPid("dynalite");
  }
}
