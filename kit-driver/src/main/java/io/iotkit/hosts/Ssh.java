package io.iotkit.hosts;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The system's OpenSSH client as the kit uses it: key-based only ({@code BatchMode=yes}), one multiplexed
 * connection per host that every instance's session shares ({@code ControlMaster}), and keep-alives that give up
 * on a host after {@value #ALIVE_SECONDS} × {@value #ALIVE_COUNT} s unanswered. Not sooner: a host busy with a
 * store's whole cluster and its instances can leave keep-alives unanswered for seconds, and when the shared
 * connection gives up, every instance's session on it ends. A dead host or network is noticed sooner anyway, by
 * the instances' heartbeats falling silent ({@code ControlLine.SILENCE_LIMIT_MILLIS}).
 *
 * @param controlDir folder of the multiplexing sockets (short: a socket path has about 100 characters)
 * @param config     an ssh config file to use instead of the user's ({@code -F}), or null
 */
public record Ssh(Path controlDir, Path config) {
  static final int ALIVE_SECONDS = 5;
  static final int ALIVE_COUNT = 4;
  private static final int CONNECT_TIMEOUT_SECONDS = 10;

  /** The options every ssh (and rsync's ssh) of this run passes, before the destination. */
  List<String> options(DriverHost h) {
    List<String> o = new ArrayList<>();
    if (config != null) {
      o.addAll(List.of("-F", config.toString()));
    }
    for (String opt : List.of("BatchMode=yes", "ControlMaster=auto", "ControlPath=" + controlDir.resolve("%C"),
        "ControlPersist=300", "ServerAliveInterval=" + ALIVE_SECONDS, "ServerAliveCountMax=" + ALIVE_COUNT,
        "ConnectTimeout=" + CONNECT_TIMEOUT_SECONDS, "LogLevel=ERROR")) {
      o.add("-o");
      o.add(opt);
    }
    if (h.port() != 0) {
      o.addAll(List.of("-p", Integer.toString(h.port())));
    }
    return o;
  }

  /** {@code ssh <options> [user@]host -- <shell line>}: the line runs in the host's login shell. */
  public List<String> command(DriverHost h, String shellLine) {
    List<String> cmd = new ArrayList<>(List.of("ssh"));
    cmd.addAll(options(h));
    cmd.add(h.destination());
    cmd.add("--");
    cmd.add(shellLine);
    return cmd;
  }

  /** {@code ssh -O exit}: ends the host's shared connection at the end of the run. */
  List<String> closeMaster(DriverHost h) {
    List<String> cmd = new ArrayList<>(List.of("ssh"));
    cmd.addAll(options(h));
    cmd.addAll(List.of("-O", "exit", h.destination()));
    return cmd;
  }

  /** rsync's {@code -e}: the same ssh, options and all, as one string rsync splits on spaces. */
  String rsyncShell(DriverHost h) {
    return "ssh " + String.join(" ", options(h));
  }

  /** Words as one POSIX shell command line: each in single quotes unless it is plainly safe. */
  public static String shell(List<String> words) {
    return words.stream().map(Ssh::quote).collect(Collectors.joining(" "));
  }

  static String quote(String word) {
    if (!word.isEmpty() && word.matches("[A-Za-z0-9_./=:,@%+-]+")) {
      return word;
    }
    return "'" + word.replace("'", "'\\''") + "'";
  }
}
