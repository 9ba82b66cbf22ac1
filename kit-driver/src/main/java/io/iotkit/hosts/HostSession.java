package io.iotkit.hosts;

import io.iotkit.control.ControlLine;
import io.iotkit.control.ProbeLine;
import io.iotkit.hostprobe.HostProbe;
import io.iotkit.model.Clock;
import io.iotkit.model.Environment;
import io.iotkit.model.Json;
import io.iotkit.model.KitLayout;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The master's work with one driver host before and after the run: the shared ssh connection, shipping the
 * kit, the host probe (kit files, environment, clock offset), and removing the run's temporary files.
 * Everything ssh and rsync say goes to files in {@code logDir}; failures become one {@link HostException} line.
 */
final class HostSession {
  /** How long the deletion of the run's temporary folder may take on one host. */
  static final int CLEANUP_SECONDS = 5;

  /** Exit statuses of the probe's shell line for the two faults a user fixes on the host. */
  private static final int NO_KIT = 97;
  private static final int NO_JAVA = 98;
  private static final int SSH_FAILED = 255;
  private static final int PINGS = 12;
  private static final long PROBE_TIMEOUT_SECONDS = 120;

  private final DriverHost host;
  private final Ssh ssh;
  private final Path kitHome;
  private final Path logDir;

  /** "driver host" or "SUT host": how its lines name it. */
  private final String what;

  HostSession(DriverHost host, Ssh ssh, Path kitHome, Path logDir) {
    this(host, ssh, kitHome, logDir, "driver host");
  }

  HostSession(DriverHost host, Ssh ssh, Path kitHome, Path logDir, String what) {
    this.what = what;
    this.host = host;
    this.ssh = ssh;
    this.kitHome = kitHome;
    this.logDir = logDir;
  }

  DriverHost host() {
    return host;
  }

  Path kitHome() {
    return kitHome;
  }

  /** Opens the connection every later session of this host shares; fails fast on an unreachable host or login. */
  void connect() throws HostException {
    List<String> cmd = new ArrayList<>(List.of("ssh"));
    cmd.addAll(ssh.options(host));
    cmd.addAll(List.of("-o", "ControlMaster=yes", "-f", "-N", host.destination()));
    int exit = run(cmd, "ssh.log", 60);
    if (exit != 0) {
      throw new HostException(what + " " + host.name() + ": cannot log in over ssh (key-based, BatchMode): "
          + lastLine("ssh.log"));
    }
  }

  /** Copies the kit files a driver host needs (and the manifest) to the kit folder there, with rsync over ssh. */
  void ship(Path localKit, List<String> files) throws HostException, IOException {
    Path list = logDir.resolve("shipped-files.txt");
    Files.write(list, files);
    List<String> cmd = List.of("rsync", "-a", "--mkpath", "--files-from=" + list, "-e", ssh.rsyncShell(host),
        localKit + "/", host.destination() + ":" + kitHome + "/");
    int exit = run(cmd, "rsync.log", 1800);
    if (exit != 0) {
      String why = lastLine("rsync.log");
      throw new HostException("driver host " + host.name() + ": --ship could not copy the kit to " + kitHome
          + (why.contains("command not found") || exit == 127 ? ": rsync is missing there (apt-get install rsync)"
          : ": " + why) + " (log: " + logDir.resolve("rsync.log") + ")");
    }
  }

  /** Runs the host probe: the host's kit digests and environment, then clock pings. */
  HostReport probe(String binding, List<String> jvmOptions) throws HostException, IOException {
    String kit = kitHome.toString();
    List<String> classpath = KitLayout.instanceClasspath(kitHome, binding);
    List<String> probe = new ArrayList<>(List.of("java", "-Xmx128m", "-cp", String.join(":", classpath),
        HostProbe.class.getName(), kit, binding));
    probe.addAll(jvmOptions);
    String line = "test -f " + Ssh.quote(classpath.get(0)) + " || exit " + NO_KIT
        + "; command -v java >/dev/null || exit " + NO_JAVA + "; exec " + Ssh.shell(probe);
    Path log = logDir.resolve("probe.log");
    Process p = new ProcessBuilder(ssh.command(host, line)).redirectError(log.toFile()).start();
    try (BufferedReader in = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
         PrintWriter toHost = new PrintWriter(p.getOutputStream(), true, StandardCharsets.UTF_8)) {
      Map<String, String> digests = new LinkedHashMap<>();
      Environment environment = null;
      String l;
      while ((l = in.readLine()) != null && !l.equals(ControlLine.READY)) {
        if (l.startsWith(ProbeLine.FILE + " ")) {
          String[] f = l.split(" ", 3);
          digests.put(f[2], f[1]);
        } else if (l.startsWith(ProbeLine.ENV + " ")) {
          environment = Json.parse(l.substring(ProbeLine.ENV.length() + 1), Environment.class);
        }
      }
      if (l == null) {
        throw probeFailed(p, log);
      }
      ClockOffset clock = null;
      for (int i = 0; i < PINGS; i++) {
        long sent = Clock.micros();
        toHost.println(ProbeLine.PING);
        String pong = in.readLine();
        long received = Clock.micros();
        if (pong == null || !pong.startsWith(ProbeLine.PONG + " ")) {
          throw probeFailed(p, log);
        }
        ClockOffset c = ClockOffset.of(sent, Long.parseLong(pong.substring(ProbeLine.PONG.length() + 1)), received);
        clock = clock == null ? c : clock.best(c);
      }
      return new HostReport(host, kitHome, digests, environment, clock);
    } finally {
      p.destroy();
    }
  }

  private HostException probeFailed(Process p, Path log) {
    int exit;
    try {
      exit = p.waitFor(PROBE_TIMEOUT_SECONDS, TimeUnit.SECONDS) ? p.exitValue() : -1;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      exit = -1;
    }
    String why = switch (exit) {
      case NO_KIT -> "no kit at " + kitHome + " (copy the built kit there, name its folder with --remote-kit or"
          + " kit=DIR in the host list, or pass --ship)";
      case NO_JAVA -> "no java on the login shell's PATH (install a JDK 17 there)";
      case SSH_FAILED -> "the ssh session failed: " + lastLine("probe.log");
      default -> "the host probe failed (exit " + exit + "): " + lastLine("probe.log") + " (log: " + log + ")";
    };
    return new HostException("driver host " + host.name() + ": " + why);
  }

  /**
   * Deletes a folder on the host (the run's temporary files); true when it is gone. Given at most
   * {@value #CLEANUP_SECONDS} s: a host cut off from the network (its packets dropped) would otherwise hold the
   * run's end for ssh's keepalive and then its connect timeout, and the folder is only the instances' scratch
   * space, left on the host when the host does not answer in time.
   */
  boolean delete(Path dir) {
    try {
      return run(ssh.command(host, "rm -rf " + Ssh.quote(dir.toString())), "cleanup.log", CLEANUP_SECONDS) == 0;
    } catch (HostException e) {
      return false;
    }
  }

  /** Ends the shared connection. */
  void close() {
    try {
      run(ssh.closeMaster(host), "ssh-exit.log", 30);
    } catch (HostException e) {
      // the connection is gone already
    }
  }

  private int run(List<String> cmd, String logName, long timeoutSeconds) throws HostException {
    Path log = logDir.resolve(logName);
    try {
      Files.createDirectories(logDir);
      Process p = new ProcessBuilder(cmd).redirectErrorStream(true)
          .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
          .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null"))).start();
      if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new HostException(what + " " + host.name() + ": " + cmd.get(0) + " did not finish within "
            + timeoutSeconds + " s (log: " + log + ")");
      }
      return p.exitValue();
    } catch (IOException e) {
      throw new HostException(what + " " + host.name() + ": cannot run " + cmd.get(0) + ": " + e.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new HostException(what + " " + host.name() + ": interrupted");
    }
  }

  private String lastLine(String logName) {
    try {
      List<String> lines = Files.readAllLines(logDir.resolve(logName)).stream().filter(s -> !s.isBlank()).toList();
      return lines.isEmpty() ? "(no message)" : lines.get(lines.size() - 1).trim();
    } catch (IOException e) {
      return "(no log)";
    }
  }
}
