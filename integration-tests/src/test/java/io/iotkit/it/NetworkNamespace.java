package io.iotkit.it;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A second host on this machine's kernel: a Linux network namespace joined to this one by a veth pair, with
 * {@code 10.231.N.1} on this side and {@code 10.231.N.2} inside (N from this JVM's pid, so two suites on one machine
 * keep apart). Inside, this machine's loopback is out of reach, as on another machine: a server that listens on, or
 * names to its clients, 127.0.0.1 or this machine's host name fails there. Made with iproute2's {@code ip}; needs
 * root (CI runs as root).
 */
final class NetworkNamespace implements AutoCloseable {
  private final String name;
  private final String outside;
  private final String inside;

  private NetworkNamespace(String name, String outside, String inside) {
    this.name = name;
    this.outside = outside;
    this.inside = inside;
  }

  /** Makes the namespace, or says in one line why it cannot be made here. */
  static NetworkNamespace create() throws CannotMake, InterruptedException {
    long id = ProcessHandle.current().pid() % 250 + 1;
    String name = "iotkit" + id;
    String subnet = "10.231." + id + ".";
    NetworkNamespace ns = new NetworkNamespace(name, subnet + "1", subnet + "2");
    ns.remove(); // one a killed suite left behind
    String here = name + "a";
    String there = name + "b";
    try {
      ip("netns", "add", name);
      ip("link", "add", here, "type", "veth", "peer", "name", there);
      ip("link", "set", there, "netns", name);
      ip("addr", "add", ns.outside + "/24", "dev", here);
      ip("link", "set", here, "up");
      ns.ipInside("addr", "add", ns.inside + "/24", "dev", there);
      ns.ipInside("link", "set", there, "up");
      ns.ipInside("link", "set", "lo", "up");
    } catch (CannotMake e) {
      ns.remove();
      throw e;
    }
    return ns;
  }

  /** The address of this machine that the namespace reaches. */
  String outside() {
    return outside;
  }

  /** The namespace's own address. */
  String inside() {
    return inside;
  }

  /**
   * Takes this side's end of the link down ({@code up} false), as a cable pulled: no connection through it closes,
   * they only fall silent; or brings it up again.
   */
  void link(boolean up) throws CannotMake, InterruptedException {
    ip("link", "set", name + "a", up ? "up" : "down");
  }

  /**
   * Drops every packet through this side's end of the link ({@code drop} true), in and out, with iptables, while
   * the link stays up: the peers' packets are lost, not refused; or lets them through again.
   */
  void dropPackets(boolean drop) throws CannotMake, InterruptedException {
    String here = name + "a";
    String op = drop ? "-I" : "-D";
    run(List.of("iptables", op, "INPUT", "-i", here, "-j", "DROP"), "iptables");
    run(List.of("iptables", op, "OUTPUT", "-o", here, "-j", "DROP"), "iptables");
  }

  /** The command prefix that runs a program inside the namespace. */
  List<String> launcher() {
    return List.of("ip", "netns", "exec", name);
  }

  @Override
  public void close() throws InterruptedException {
    remove();
  }

  /** Deleting the namespace destroys its end of the veth pair, and with it this side's. */
  private void remove() throws InterruptedException {
    try {
      ip("netns", "delete", name);
    } catch (CannotMake e) {
      // none to remove
    }
  }

  private void ipInside(String... args) throws CannotMake, InterruptedException {
    List<String> all = new ArrayList<>(List.of("netns", "exec", name, "ip"));
    all.addAll(List.of(args));
    ip(all.toArray(String[]::new));
  }

  private static void ip(String... args) throws CannotMake, InterruptedException {
    List<String> command = new ArrayList<>(List.of("ip"));
    command.addAll(List.of(args));
    run(command, "ip (iproute2)");
  }

  private static void run(List<String> command, String tool) throws CannotMake, InterruptedException {
    try {
      Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
      String said = new String(p.getInputStream().readAllBytes()).strip();
      if (!p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 0) {
        throw new CannotMake(String.join(" ", command) + ": " + said);
      }
    } catch (IOException e) {
      throw new CannotMake(tool + " cannot be run: " + e.getMessage());
    }
  }

  /** Why no namespace could be made here (not root, no iproute2, no namespaces in this kernel or sandbox). */
  static final class CannotMake extends Exception {
    CannotMake(String why) {
      super(why);
    }
  }
}
