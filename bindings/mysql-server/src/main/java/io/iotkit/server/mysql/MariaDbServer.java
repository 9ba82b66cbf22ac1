package io.iotkit.server.mysql;

import io.iotkit.files.FileTrees;
import io.iotkit.process.NativeChild;
import io.iotkit.process.ServerChild;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * One private MariaDB server process, one node of the local cluster: data in {@code dir/data}, listening on the
 * launcher's address only, its own output in {@code dir/mariadbd.log}. InnoDB keeps the server's durable defaults
 * (the redo log is flushed at every commit), so a committed batch is on disk when the binding counts it.
 */
final class MariaDbServer {
  private static final Duration START_TIMEOUT = Duration.ofSeconds(120);
  private static final Duration STOP_GRACE = Duration.ofSeconds(60);
  private static final Duration INIT_TIMEOUT = Duration.ofSeconds(120);
  /** Unix socket paths are limited to about 107 bytes. */
  private static final int MAX_SOCKET_PATH = 100;

  /**
   * Sizing for a benchmark rather than for a laptop: a buffer pool that holds a trial run's data, a redo log
   * large enough not to stall inserts on checkpoints, and room for many driver instances' connections. The
   * system tablespace, which holds the undo logs, grows in steps of 4 MB rather than InnoDB's 64: its first step
   * came with the first inserts and held more than the undo needed.
   */
  private static final List<String> TUNING = List.of("--innodb-buffer-pool-size=1G",
      "--innodb-log-file-size=256M", "--innodb-flush-log-at-trx-commit=1", "--innodb-autoextend-increment=4",
      "--max-connections=1000",
      "--max-allowed-packet=64M", "--character-set-server=utf8mb4");

  private final Path base;
  private final Path dir;
  private final String host;
  private final NodeRole role;
  private volatile Process process;
  private int port;
  private volatile boolean stopping;

  /**
   * @param base the MariaDB binaries (see {@link MariaDbBinaries})
   * @param dir the server's folder: data, temporary files, log
   * @param host the address it listens on
   * @param role what it is in the cluster
   */
  MariaDbServer(Path base, Path dir, String host, NodeRole role) {
    this.base = base;
    this.dir = dir.toAbsolutePath();
    this.host = host;
    this.role = role;
  }

  NodeRole role() {
    return role;
  }

  Path log() {
    return dir.resolve("mariadbd.log");
  }

  private Path marker() {
    return dir.resolve("initialised");
  }

  /** Whether this folder already holds the data of an initialised server. */
  boolean initialised() {
    return Files.isRegularFile(marker());
  }

  /**
   * Creates the system tables, the database and the account, unless this folder already holds a server's data.
   *
   * @param clientHost the host part of the account (see {@link Account#bootstrapSql})
   */
  void initialiseIfNew(Account account, String clientHost) throws IOException, InterruptedException {
    if (initialised()) {
      return;
    }
    Path data = dir.resolve("data");
    FileTrees.delete(data); // what an interrupted initialisation left
    Files.createDirectories(data);
    Files.createDirectories(dir.resolve("tmp"));

    List<String> install = new ArrayList<>(List.of(base.resolve("scripts/mariadb-install-db").toString(),
        "--no-defaults", "--skip-test-db", "--skip-name-resolve"));
    install.addAll(commonOptions());
    run("mariadb-install-db", install, null);

    List<String> bootstrap = new ArrayList<>(List.of(base.resolve("bin/mariadbd").toString(), "--no-defaults",
        "--bootstrap", "--log-warnings=0"));
    bootstrap.addAll(commonOptions());
    run("creating " + account, bootstrap, account.bootstrapSql(clientHost));
    Files.writeString(marker(), account + System.lineSeparator());
  }

  /** Options every run of mariadbd on this folder gets. */
  private List<String> commonOptions() {
    List<String> o = new ArrayList<>(List.of("--basedir=" + base, "--datadir=" + dir.resolve("data"),
        "--tmpdir=" + dir.resolve("tmp")));
    if ("root".equals(System.getProperty("user.name"))) {
      o.add("--user=root"); // mariadbd refuses to run as root unless told to
    }
    o.addAll(TUNING);
    return o;
  }

  private void run(String what, List<String> command, String stdin) throws IOException, InterruptedException {
    Process p = new ProcessBuilder(command).redirectErrorStream(true)
        .redirectOutput(ProcessBuilder.Redirect.appendTo(log().toFile())).start();
    try (OutputStream in = p.getOutputStream()) {
      if (stdin != null) {
        in.write(stdin.getBytes(StandardCharsets.UTF_8));
      }
    }
    if (!p.waitFor(INIT_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new IOException(what + " did not finish within " + INIT_TIMEOUT.toSeconds() + " s; see " + log());
    }
    if (p.exitValue() != 0) {
      throw new IOException(what + " failed with exit code " + p.exitValue() + "; see " + log());
    }
  }

  /**
   * Starts mariadbd and waits until it greets clients.
   *
   * @param requestedPort the port to listen on, or 0 for a free one
   * @param tls the certificate and key (PEM) to offer TLS with, or null for none
   * @param initSql statements the server runs as it starts (its init-file, deleted once it serves), or null
   * @return the port it serves on
   */
  synchronized int start(int requestedPort, List<Path> tls, String initSql) throws IOException, InterruptedException {
    Path initFile = dir.resolve("init.sql");
    try {
      if (initSql != null) {
        writePrivately(initFile, initSql);
      }
      return start(requestedPort, tls, initSql == null ? null : initFile);
    } finally {
      Files.deleteIfExists(initFile);
    }
  }

  private int start(int requestedPort, List<Path> tls, Path initFile) throws IOException, InterruptedException {
    for (int attempt = 1; ; attempt++) {
      port = requestedPort > 0 ? requestedPort : freePort();
      List<String> cmd = new ArrayList<>(List.of(base.resolve("bin/mariadbd").toString(), "--no-defaults"));
      cmd.addAll(commonOptions());
      cmd.addAll(List.of("--port=" + port, "--bind-address=" + host, "--skip-name-resolve",
          "--socket=" + socketPath(), "--pid-file=" + dir.resolve("mariadbd.pid")));
      cmd.addAll(role.options(host, port));
      if (initFile != null) {
        cmd.add("--init-file=" + initFile);
      }
      if (tls != null) {
        cmd.addAll(List.of("--ssl-cert=" + tls.get(0), "--ssl-key=" + tls.get(1)));
      }
      long logStart = Files.exists(log()) ? Files.size(log()) : 0;
      process = NativeChild.start(new ProcessBuilder(cmd).redirectErrorStream(true)
          .redirectOutput(ProcessBuilder.Redirect.appendTo(log().toFile())));
      if (awaitGreeting()) {
        return port;
      }
      String why = lastError(logStart);
      // Another program may take a free port between our probe and mariadbd's bind: try another.
      if (requestedPort == 0 && attempt < 3 && why.contains("already in use")) {
        continue;
      }
      throw new IOException(role + ": mariadbd exited with code " + process.exitValue()
          + (why.isEmpty() ? "" : ": " + why) + "; see " + log());
    }
  }

  /** A file only this user can read: the init file names the launcher's own login. */
  private static void writePrivately(Path file, String text) throws IOException {
    Files.deleteIfExists(file);
    Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
    Files.writeString(file, text, StandardCharsets.UTF_8);
  }

  private Path socketPath() {
    Path socket = dir.resolve("mariadbd.sock");
    if (socket.toString().length() <= MAX_SOCKET_PATH) {
      return socket;
    }
    return Path.of(System.getProperty("java.io.tmpdir"), "iotkit-mariadb-" + ProcessHandle.current().pid() + "-"
        + role.serverId() + ".sock");
  }

  /**
   * True once this server sends a client its handshake; false if it exited first. The handshake counts only
   * once this mariadbd has made its socket file, which it does after binding its TCP port: should another
   * program (another run's server) have taken the port between our probe and our bind, the greeting on it is
   * not ours, and this one exits instead.
   */
  private boolean awaitGreeting() throws IOException, InterruptedException {
    long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
    while (System.nanoTime() < deadline) {
      if (!process.isAlive()) {
        return false;
      }
      if (Files.exists(socketPath()) && greets(host, port) && process.isAlive()) {
        return true;
      }
      Thread.sleep(200);
    }
    stop();
    throw new IOException(role + ": mariadbd did not serve within " + START_TIMEOUT.toSeconds() + " s; see " + log());
  }

  /** The first packet a MySQL-protocol server sends is its handshake, protocol version 10. */
  private static boolean greets(String host, int port) {
    try (Socket s = new Socket()) {
      s.connect(new InetSocketAddress(host, port), 1_000);
      s.setSoTimeout(5_000);
      byte[] header = s.getInputStream().readNBytes(5);
      return header.length == 5 && header[4] == 10;
    } catch (IOException e) {
      return false;
    }
  }

  private String lastError(long logStart) throws IOException {
    String errors = "";
    if (Files.exists(log())) {
      String text = Files.readString(log(), StandardCharsets.ISO_8859_1);
      for (String line : text.substring((int) Math.min(logStart, text.length())).split("\n")) {
        if (line.contains("[ERROR]")) {
          errors = line.substring(line.indexOf("[ERROR]") + 7).trim();
        }
      }
    }
    return errors;
  }

  private int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName(host))) {
      return s.getLocalPort();
    }
  }

  int port() {
    return port;
  }

  /** The mariadbd process, while it was started. */
  long pid() {
    return process.pid();
  }

  /** Runs {@code action} with mariadbd's exit code when it exits. */
  void onExit(java.util.function.IntConsumer action) {
    process.onExit().thenAccept(p -> action.accept(p.exitValue()));
  }

  /** Whether {@link #stop} was asked for: mariadbd's exit is then expected. */
  boolean stopping() {
    return stopping;
  }

  /** Waits until mariadbd exits; returns its exit code. */
  int waitFor() throws InterruptedException {
    return process.waitFor();
  }

  /** Asks mariadbd to shut down cleanly (SIGTERM) without waiting, so that several nodes stop at once. */
  void signalStop() {
    stopping = true;
    Process p = process;
    if (p != null && p.isAlive()) {
      p.destroy();
    }
  }

  /**
   * Stops mariadbd: SIGTERM makes it shut down cleanly (InnoDB flushed), a kill follows if it has not exited
   * within a minute. Safe to call more than once, from any thread.
   */
  synchronized void stop() {
    signalStop();
    if (process == null || !process.isAlive()) {
      return;
    }
    ServerChild.awaitExitOrKill(process, STOP_GRACE);
  }
}
