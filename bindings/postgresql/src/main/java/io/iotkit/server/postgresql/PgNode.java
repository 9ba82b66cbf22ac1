package io.iotkit.server.postgresql;

import io.iotkit.process.NativeChild;
import io.iotkit.process.ServerChild;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One postgres: its folder holds {@code data} (the data directory), {@code postgres.log} (everything the server
 * and the programs the launcher ran for it printed) and {@code port} (the port it keeps across restarts, since
 * standbys reach the primary by it). Its settings are in {@code data/kit.conf}, which postgresql.conf includes.
 */
final class PgNode {
  private static final Duration READY_TIMEOUT = Duration.ofSeconds(90);
  private static final Duration STOP_GRACE = Duration.ofSeconds(30);

  final String name;
  private final Path folder;
  private final Path bin;
  private final OsAccount os;
  private final String host;
  private volatile Process process;
  private int port;

  PgNode(String name, Path folder, Path bin, OsAccount os, String host) {
    this.name = name;
    this.folder = folder;
    this.bin = bin;
    this.os = os;
    this.host = host;
  }

  Path data() {
    return folder.resolve("data");
  }

  Path log() {
    return folder.resolve("postgres.log");
  }

  int port() {
    return port;
  }

  long pid() {
    return process.pid();
  }

  boolean initialised() {
    return Files.exists(data().resolve("PG_VERSION"));
  }

  /** The data folder, empty, owned by the account PostgreSQL runs as, and private to it (as postgres demands). */
  void emptyDataFolder() throws IOException {
    Files.createDirectories(folder);
    Files.createDirectories(data(), PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
    Files.setPosixFilePermissions(data(), PosixFilePermissions.fromString("rwx------"));
    os.handOver(data());
  }

  /** The port kept from an earlier start, else {@code requested}, else a free one; written down for the next. */
  void choosePort(int requested) throws IOException {
    Files.createDirectories(folder);
    Path file = folder.resolve("port");
    if (requested > 0) {
      port = requested;
    } else if (Files.exists(file)) {
      port = Integer.parseInt(Files.readString(file, StandardCharsets.US_ASCII).trim());
    } else {
      try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName(host))) {
        port = s.getLocalPort();
      }
    }
    Files.writeString(file, Integer.toString(port), StandardCharsets.US_ASCII);
  }

  /** Writes the node's own settings; postgresql.conf includes them (see {@link #includeKitConf}). */
  void writeSettings(List<String> lines) throws IOException {
    List<String> all = new ArrayList<>(List.of("# written by the kit's launcher at every start",
        "listen_addresses = '" + host + "'", "port = " + port,
        // no Unix socket: the kit connects over TCP, and a socket folder may not be the postgres account's
        "unix_socket_directories = ''", "logging_collector = off",
        // WAL is held until a checkpoint has the pages it covers on disk; PostgreSQL's default (1 GB before a
        // checkpoint is due) holds as much WAL as table data for a run's first gigabyte. A checkpoint every 32 MB
        // or so keeps what the node holds near the table itself; the pages have to be written anyway.
        "max_wal_size = 64MB", "min_wal_size = 32MB"));
    all.addAll(lines);
    Path conf = data().resolve("kit.conf");
    Files.write(conf, all, StandardCharsets.UTF_8);
    os.handOver(conf);
  }

  void includeKitConf() throws IOException {
    Files.writeString(data().resolve("postgresql.conf"), "\ninclude_if_exists = 'kit.conf'\n",
        StandardCharsets.UTF_8, java.nio.file.StandardOpenOption.APPEND);
  }

  /**
   * Runs one of PostgreSQL's programs for this node to its end, its output appended to the log, as the account
   * PostgreSQL runs as; fails with the program's last line when it fails.
   */
  void run(List<String> program, Map<String, String> env, String stdin) throws IOException, InterruptedException {
    long logStart = Files.exists(log()) ? Files.size(log()) : 0;
    ProcessBuilder pb = new ProcessBuilder(os.command(program)).redirectErrorStream(true)
        .redirectOutput(ProcessBuilder.Redirect.appendTo(log().toFile()));
    pb.environment().putAll(env);
    Process p = pb.start();
    if (stdin != null) {
      p.getOutputStream().write(stdin.getBytes(StandardCharsets.UTF_8));
    }
    p.getOutputStream().close();
    int code = p.waitFor();
    String output = outputSince(logStart);
    // postgres --single answers a failed statement with an ERROR line and still exits 0
    if (code != 0 || output.contains("\nERROR:") || output.startsWith("ERROR:")) {
      throw new IOException(Path.of(program.get(0)).getFileName() + " for the " + name + " failed (exit code " + code
          + "): " + lastLine(output) + "; see " + log());
    }
  }

  Path program(String name) {
    return bin.resolve(name);
  }

  /** Starts postgres and waits until it accepts connections (pg_isready). */
  void start() throws IOException, InterruptedException {
    long logStart = Files.exists(log()) ? Files.size(log()) : 0;
    process = NativeChild.start(new ProcessBuilder(os.command(List.of(program("postgres").toString(), "-D",
        data().toString()))).redirectErrorStream(true)
        .redirectOutput(ProcessBuilder.Redirect.appendTo(log().toFile())));
    long deadline = System.nanoTime() + READY_TIMEOUT.toNanos();
    while (System.nanoTime() < deadline) {
      if (!process.isAlive()) {
        throw new IOException("postgres of the " + name + " exited with code " + process.exitValue() + ": "
            + lastLine(outputSince(logStart)) + "; see " + log());
      }
      Process ready = new ProcessBuilder(program("pg_isready").toString(), "-q", "-h", host, "-p",
          Integer.toString(port), "-t", "2").redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD)
          .start();
      // the answer counts only while our postgres lives: another program may hold the port
      if (ready.waitFor() == 0 && process.isAlive()) {
        return;
      }
      Thread.sleep(200);
    }
    stop();
    throw new IOException("postgres of the " + name + " did not accept connections within "
        + READY_TIMEOUT.toSeconds() + " s; see " + log());
  }

  /** Waits until the log says, since {@code logStart}, what {@code line} says; false when the time is up. */
  boolean awaitLog(long logStart, String line, Duration timeout) throws IOException, InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (System.nanoTime() < deadline && process.isAlive()) {
      if (outputSince(logStart).contains(line)) {
        return true;
      }
      Thread.sleep(200);
    }
    return false;
  }

  long logSize() throws IOException {
    return Files.exists(log()) ? Files.size(log()) : 0;
  }

  private String outputSince(long logStart) throws IOException {
    if (!Files.exists(log())) {
      return "";
    }
    String text = Files.readString(log(), StandardCharsets.ISO_8859_1);
    return text.substring((int) Math.min(logStart, text.length()));
  }

  private static String lastLine(String output) {
    String[] lines = output.strip().split("\n");
    for (int i = lines.length - 1; i >= 0; i--) {
      if (lines[i].contains("ERROR") || lines[i].contains("FATAL")) {
        return lines[i].strip();
      }
    }
    return lines.length == 0 ? "" : lines[lines.length - 1].strip();
  }

  boolean alive() {
    Process p = process;
    return p != null && p.isAlive();
  }

  int waitFor() throws InterruptedException {
    return process.waitFor();
  }

  /** A fast shutdown (SIGINT: clients disconnected, a checkpoint written), a kill after the grace; idempotent. */
  void stop() {
    Process p = process;
    if (p == null || !p.isAlive()) {
      return;
    }
    try {
      new ProcessBuilder("kill", "-INT", Long.toString(p.pid())).redirectErrorStream(true)
          .redirectOutput(ProcessBuilder.Redirect.DISCARD).start().waitFor();
    } catch (IOException e) {
      p.destroyForcibly();
      return;
    } catch (InterruptedException e) {
      p.destroyForcibly();
      Thread.currentThread().interrupt();
      return;
    }
    ServerChild.awaitExitOrKill(p, STOP_GRACE);
  }
}
