package io.iotkit.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iotkit.model.DriverHostResult;
import io.iotkit.model.RunResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;

/**
 * A driver host that reaches this machine over a network, as a second machine would: a {@link NetworkNamespace}
 * with an sshd inside, to which a run ships the kit and on which it starts every driver instance. Inside, this
 * machine's loopback is out of reach, so a run passes only if its local server listens on, and names to its clients,
 * the address the driver host routes to.
 *
 * <p>Each binding's whole-protocol test places its instances here, so every local server is run from another
 * network at no more cost than a local run. Made once per test JVM, at first use, and removed when the JVM exits;
 * where no namespace can be made (not root, no iproute2), {@link #place} says so in one line and the run keeps its
 * instances on this machine.
 */
final class OtherNetworkHost {
  private static Optional<OtherNetworkHost> shared;

  private final NetworkNamespace namespace;
  private final Sshd sshd;
  private final Path kits;

  private OtherNetworkHost(NetworkNamespace namespace, Sshd sshd, Path kits) {
    this.namespace = namespace;
    this.sshd = sshd;
    this.kits = kits;
  }

  /** The host, made at the first call; empty where no network namespace can be made here. */
  static synchronized Optional<OtherNetworkHost> get() throws Exception {
    if (shared == null) {
      shared = make();
    }
    return shared;
  }

  private static Optional<OtherNetworkHost> make() throws Exception {
    NetworkNamespace namespace;
    try {
      namespace = NetworkNamespace.create();
    } catch (NetworkNamespace.CannotMake e) {
      System.out.println("no network namespace can be made here, so the instances run on this machine: "
          + e.getMessage());
      return Optional.empty();
    }
    Path dir = Files.createTempDirectory("other-network-host");
    Sshd sshd = Sshd.start(dir.resolve("sshd"), List.of(namespace.inside()), namespace.launcher());
    OtherNetworkHost host = new OtherNetworkHost(namespace, sshd, dir.resolve("kits"));
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      sshd.close();
      try {
        namespace.close();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }, "other-network-host-removal"));
    return Optional.of(host);
  }

  /**
   * The run options {@code args} with, where the host can be had, those that ship the kit to it and start every
   * instance there (a host list of this one host, written into {@code work}).
   */
  static String[] place(Path work, String... args) throws Exception {
    List<String> all = new ArrayList<>(List.of(args));
    Optional<OtherNetworkHost> host = get();
    if (host.isPresent()) {
      Path list = Files.writeString(work.resolve("other-network-host.txt"),
          host.get().sshd.hostLine(host.get().namespace.inside(), host.get().kits) + "\n");
      all.addAll(List.of("--hosts", list.toString(), "--ship", "--ssh-config", host.get().sshd.clientConfig().toString()));
    }
    return all.toArray(String[]::new);
  }

  /**
   * The run's {@code instances} instances ran on this host, where it could be had (else on this machine), and none
   * is left running there.
   */
  static void assertInstancesRanThere(RunResult r, int instances) throws Exception {
    Optional<OtherNetworkHost> host = get();
    if (host.isEmpty()) {
      assertEquals(List.of(), r.driverHosts(), "no namespace, so no driver host");
      return;
    }
    OtherNetworkHost h = host.get();
    assertEquals(1, r.driverHosts().size(), "one driver host");
    DriverHostResult d = r.driverHosts().get(0);
    assertEquals(h.namespace.inside() + ":" + h.sshd.port, d.name());
    assertEquals(IntStream.range(0, instances).boxed().toList(), d.instances(), "every instance ran there");
    assertTrue(Files.isRegularFile(h.kit().resolve("kit-driver/target/kit-driver.jar")), "--ship put the kit there");
    assertEquals(List.of(), KitProcess.leftovers(h.kits.toString()), "no instance left on the driver host");
    System.out.println("the instances ran on " + d.name() + ", a driver host in another network namespace");
  }

  /** The host if a test made it already; never makes it. */
  static synchronized Optional<OtherNetworkHost> ifMade() {
    return shared == null ? Optional.empty() : shared;
  }

  /** The sshd whose sessions run the instances: their command lines are the run's too. */
  ProcessHandle sessions() {
    return sshd.process();
  }

  /** The kit's folder on the host: what --ship put there. */
  Path kit() {
    return kits.resolve(namespace.inside());
  }
}
