package io.iotkit.server.postgresql;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The local PostgreSQL: a primary, and with N nodes N-1 streaming standbys that a commit waits for.
 *
 * <p>A new primary is made with initdb; the kit's database and account are then created in single-user mode
 * (no network, no login: the statements go in on stdin), with the SCRAM verifier the kit computed, so the
 * launcher never knows the password. The account may read replication state (pg_monitor), so the kit's
 * replication check can count the standbys. A new standby is a pg_basebackup of the primary, as a role that may
 * only replicate, whose random password lives only in the standbys' settings. On the primary,
 * {@code synchronous_standby_names = 'FIRST n (standby_2, ...)'} lists every standby and
 * {@code synchronous_commit = on}: a COMMIT returns once every standby has flushed the transaction's WAL.
 */
final class PgCluster {
  static final String REPLICATION_ROLE = "iotkit_replication";
  private static final Duration STREAMING_TIMEOUT = Duration.ofSeconds(60);

  private final LaunchOptions o;
  private final OsAccount os;
  private final List<PgNode> nodes = new ArrayList<>();
  private String version = "unknown";
  private volatile boolean stopping;

  PgCluster(LaunchOptions o, OsAccount os) {
    this.o = o;
    this.os = os;
    nodes.add(new PgNode("primary", o.dir().resolve("primary"), o.bin(), os, o.host()));
    for (int i = 2; i <= o.nodes(); i++) {
      nodes.add(new PgNode("standby " + i, o.dir().resolve("standby-" + i), o.bin(), os, o.host()));
    }
  }

  List<PgNode> nodes() {
    return nodes;
  }

  PgNode primary() {
    return nodes.get(0);
  }

  String version() {
    return version;
  }

  /** Makes what is missing, then starts every node: the primary first, each standby streaming from it. */
  void start(Account account) throws IOException, InterruptedException {
    version = readVersion();
    PgNode primary = primary();
    primary.choosePort(o.port());
    String replicationPassword = null;
    if (!primary.initialised()) {
      primary.emptyDataFolder();
      primary.run(List.of(primary.program("initdb").toString(), "-D", primary.data().toString(), "--encoding=UTF8",
          "--locale=C", "--auth-local=peer", "--auth-host=reject"), Map.of(), null);
      primary.includeKitConf();
      replicationPassword = o.nodes() > 1 ? HexFormat.of().formatHex(randomBytes()) : null;
      primary.run(List.of(primary.program("postgres").toString(), "--single", "-D", primary.data().toString(),
          "postgres"), Map.of(), account.statements(replicationPassword == null ? null : REPLICATION_ROLE,
          replicationPassword));
      Path hba = primary.data().resolve("pg_hba.conf");
      Files.writeString(hba, account.hba(REPLICATION_ROLE), StandardCharsets.UTF_8);
    }
    primary.writeSettings(primarySettings());
    primary.start();
    for (PgNode standby : nodes.subList(1, nodes.size())) {
      startStandby(standby, replicationPassword);
    }
  }

  private List<String> primarySettings() {
    List<String> names = new ArrayList<>();
    for (int i = 2; i <= o.nodes(); i++) {
      names.add(applicationName(i));
    }
    List<String> s = new ArrayList<>(List.of("synchronous_commit = on", "wal_level = replica"));
    if (!names.isEmpty()) {
      s.add("synchronous_standby_names = 'FIRST " + names.size() + " (" + String.join(", ", names) + ")'");
    }
    return s;
  }

  private static String applicationName(int node) {
    return "standby_" + node;
  }

  /**
   * A new standby is copied from the running primary; its settings name the primary and itself. Waits until the
   * primary counts it as synchronous, so the first commit of the kit finds every standby there to acknowledge it.
   */
  private void startStandby(PgNode standby, String replicationPassword) throws IOException, InterruptedException {
    PgNode primary = primary();
    int index = nodes.indexOf(standby) + 1;
    standby.choosePort(0);
    String conninfo = null;
    if (!standby.initialised()) {
      if (replicationPassword == null) {
        throw new IOException("the " + standby.name + " has no data, but the primary's data folder exists from an"
            + " earlier start with another node count; start with a new folder");
      }
      standby.emptyDataFolder();
      standby.run(List.of(primary.program("pg_basebackup").toString(), "-D", standby.data().toString(), "-h",
          o.host(), "-p", Integer.toString(primary.port()), "-U", REPLICATION_ROLE, "-X", "stream", "-c", "fast",
          "-w"), Map.of("PGPASSWORD", replicationPassword), null);
      Files.createFile(standby.data().resolve("standby.signal"));
      os.handOver(standby.data().resolve("standby.signal"));
      conninfo = "primary_conninfo = 'host=" + o.host() + " port=" + primary.port() + " user=" + REPLICATION_ROLE
          + " password=" + replicationPassword + " application_name=" + applicationName(index) + "'";
      Path saved = standby.data().resolve("kit-primary.conf");
      Files.writeString(saved, conninfo + "\n", StandardCharsets.UTF_8);
      os.handOver(saved);
      Files.setPosixFilePermissions(saved, java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));
    }
    // the primary's connection string (with the replication password) stays in a file of its own, only
    // postgres may read, and out of kit.conf, which is rewritten at every start
    standby.writeSettings(List.of("include_if_exists = 'kit-primary.conf'", "hot_standby = on"));
    long primaryLogStart = primary.logSize();
    standby.start();
    // The primary says when the standby has caught up and a commit waits for it (sync_state sync in
    // pg_stat_replication): only then is the replication the kit checks in place.
    String synchronous = "standby \"" + applicationName(index) + "\" is now a synchronous standby";
    if (!primary.awaitLog(primaryLogStart, synchronous, STREAMING_TIMEOUT)) {
      throw new IOException("the " + standby.name + " did not become a synchronous standby of the primary within "
          + STREAMING_TIMEOUT.toSeconds() + " s; see " + standby.log() + " and " + primary.log());
    }
  }

  private static byte[] randomBytes() {
    byte[] b = new byte[24];
    new SecureRandom().nextBytes(b);
    return b;
  }

  /** "15.18", from postgres --version ("postgres (PostgreSQL) 15.18 (Debian 15.18-0+deb12u1)"). */
  private String readVersion() throws IOException, InterruptedException {
    Process p = new ProcessBuilder(primary().program("postgres").toString(), "--version").redirectErrorStream(true)
        .start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
    p.waitFor();
    String[] words = out.split("\\s+");
    return words.length >= 3 ? words[2] : out;
  }

  /**
   * Waits until a node ends: null when a stop was asked for, else which node died and why, in one line (the
   * launcher then ends).
   */
  String awaitEnd() throws InterruptedException {
    while (true) {
      PgNode dead = nodes.stream().filter(n -> !n.alive()).findFirst().orElse(null);
      if (dead != null) {
        return stopping ? null : "postgres of the " + dead.name + " exited with code " + dead.waitFor() + "; see "
            + dead.log();
      }
      Thread.sleep(500);
    }
  }

  /** Stops the primary first (no new commit), then the standbys. */
  void stop() {
    stopping = true;
    nodes.forEach(PgNode::stop);
  }

  /** The READY line's facts of the nodes: {@code nodes=N node1.pid=... node2.pid=...}. */
  Map<String, String> facts() {
    Map<String, String> facts = new LinkedHashMap<>();
    facts.put("nodes", Integer.toString(nodes.size()));
    for (int i = 0; i < nodes.size(); i++) {
      facts.put("node" + (i + 1) + ".pid", Long.toString(nodes.get(i).pid()));
    }
    return facts;
  }

  String standbyPorts() {
    return nodes.subList(1, nodes.size()).stream().map(n -> Integer.toString(n.port()))
        .collect(Collectors.joining(","));
  }
}
