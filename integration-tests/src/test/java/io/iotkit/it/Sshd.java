package io.iotkit.it;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A real OpenSSH server (Debian's openssh-server) started by the test as an ordinary process: a generated host
 * key and client key, key login only, listening on 127.0.0.2 and 127.0.0.3, so the kit sees two distinct driver
 * hosts on this machine, and on 127.0.0.4, a third name to list it as a node of the SUT; or on the addresses a test
 * gives it, e.g. inside a {@link NetworkNamespace}. {@link #clientConfig()} is the ssh config file the kit gets with
 * --ssh-config.
 */
final class Sshd implements AutoCloseable {
  static final Path SSHD = Path.of("/usr/sbin/sshd");
  static final List<String> ADDRESSES = List.of("127.0.0.2", "127.0.0.3");
  /** A third address of the same sshd, to list this machine once more as a node of the SUT. */
  static final String SUT_ADDRESS = "127.0.0.4";

  private final Process process;
  private final Path dir;
  final int port;

  private Sshd(Process process, Path dir, int port) {
    this.process = process;
    this.dir = dir;
    this.port = port;
  }

  static Sshd start(Path dir) throws Exception {
    List<String> listen = new java.util.ArrayList<>(ADDRESSES);
    listen.add(SUT_ADDRESS);
    return start(dir, listen, List.of());
  }

  /**
   * An sshd listening on {@code listen}, started behind {@code launcher} (e.g. {@code ip netns exec NAME}, to run
   * it, and every session it opens, in another network namespace).
   */
  static Sshd start(Path dir, List<String> listen, List<String> launcher) throws Exception {
    if (!Files.isExecutable(SSHD)) {
      throw new AssertionError(SSHD + " is missing: install openssh-server (.ci/run does)");
    }
    Files.createDirectories(dir);
    keygen(dir.resolve("host_key"));
    keygen(dir.resolve("client_key"));
    Files.copy(dir.resolve("client_key.pub"), dir.resolve("authorized_keys"));
    // sshd running as root wants its privilege separation folder, which the package's service would create
    Path privsep = Path.of("/run/sshd");
    if (!Files.isDirectory(privsep)) {
      try {
        Files.createDirectories(privsep);
      } catch (IOException e) {
        // not root: sshd does without
      }
    }
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort();
    }
    StringBuilder cfg = new StringBuilder("Port " + port + "\n");
    listen.forEach(a -> cfg.append("ListenAddress ").append(a).append('\n'));
    cfg.append("HostKey ").append(dir.resolve("host_key")).append('\n')
        .append("AuthorizedKeysFile ").append(dir.resolve("authorized_keys")).append('\n')
        .append("PidFile ").append(dir.resolve("sshd.pid")).append('\n')
        .append("""
            PasswordAuthentication no
            KbdInteractiveAuthentication no
            PubkeyAuthentication yes
            PermitRootLogin prohibit-password
            StrictModes no
            UsePAM no
            MaxSessions 64
            MaxStartups 64
            """);
    Files.writeString(dir.resolve("sshd_config"), cfg);
    Files.writeString(dir.resolve("ssh_config"), "Host *\n"
        + "  IdentityFile " + dir.resolve("client_key") + "\n"
        + "  IdentitiesOnly yes\n"
        + "  UserKnownHostsFile " + dir.resolve("known_hosts") + "\n"
        + "  StrictHostKeyChecking accept-new\n");
    List<String> command = new java.util.ArrayList<>(launcher);
    command.addAll(List.of(SSHD.toString(), "-D", "-e", "-f", dir.resolve("sshd_config").toString()));
    Process p = new ProcessBuilder(command)
        .redirectErrorStream(true).redirectOutput(dir.resolve("sshd.log").toFile()).start();
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (Files.readAllLines(dir.resolve("sshd.log")).stream().filter(l -> l.contains("Server listening")).count()
        < listen.size()) {
      if (!p.isAlive() || System.nanoTime() > deadline) {
        p.destroyForcibly();
        throw new AssertionError("sshd did not start: " + Files.readString(dir.resolve("sshd.log")));
      }
      Thread.sleep(100);
    }
    return new Sshd(p, dir, port);
  }

  private static void keygen(Path key) throws Exception {
    Process p = new ProcessBuilder("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", key.toString())
        .redirectErrorStream(true).start();
    if (!p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 0) {
      throw new AssertionError("ssh-keygen failed: " + new String(p.getInputStream().readAllBytes()));
    }
  }

  ProcessHandle process() {
    return process.toHandle();
  }

  Path clientConfig() {
    return dir.resolve("ssh_config");
  }

  /** One host-list line for each address: {@code address:port kit=<kits>/<address>} plus {@code extra}. */
  String hostList(Path kits, String extra) {
    StringBuilder sb = new StringBuilder("# two driver hosts on this machine, one kit folder each\n");
    for (String a : ADDRESSES) {
      sb.append(hostLine(a, kits)).append(extra).append('\n');
    }
    return sb.toString();
  }

  /** The host-list line of a driver host at {@code address}, its kit in {@code kits/<address>}. */
  String hostLine(String address, Path kits) {
    return address + ":" + port + " kit=" + kits.resolve(address);
  }

  @Override
  public void close() {
    process.descendants().forEach(ProcessHandle::destroyForcibly);
    process.destroyForcibly();
  }
}
