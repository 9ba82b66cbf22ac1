package io.iotkit.process;

import java.nio.file.Path;

/**
 * How the kit asks for a local server: where the kit lies, how many nodes the store's own clustering should run,
 * and the address the server listens on and names in the binding properties it returns.
 *
 * @param kitHome the kit's root folder, where the server's jars are laid out
 * @param nodes   store nodes (brokers, datanodes, replicas) of one local cluster; 1 is a single server
 * @param host    the address the server binds to and hands to clients: loopback unless driver instances on other
 *                hosts must reach it
 * @param limits  the CPU and memory all of the server's processes may use together
 */
public record LocalSetup(Path kitHome, int nodes, String host, SutLimits limits) {
  /** The address of a server only this host's processes reach. */
  public static final String LOOPBACK = "127.0.0.1";

  public LocalSetup {
    if (nodes < 1) {
      throw new IllegalArgumentException("--sut-nodes must be at least 1 (it was " + nodes + ")");
    }
    if (host == null || host.isBlank()) {
      throw new IllegalArgumentException("a local server needs an address to listen on");
    }
    if (limits == null) {
      limits = SutLimits.NONE;
    }
  }

  /** A server with no limit on its CPU and memory. */
  public LocalSetup(Path kitHome, int nodes, String host) {
    this(kitHome, nodes, host, SutLimits.NONE);
  }

  /** One node on loopback: the embedded default. */
  public static LocalSetup single(Path kitHome) {
    return new LocalSetup(kitHome, 1, LOOPBACK);
  }

  public boolean replicated() {
    return nodes > 1;
  }
}
