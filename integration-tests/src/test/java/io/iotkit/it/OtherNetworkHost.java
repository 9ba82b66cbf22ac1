package io.iotkit.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.iotkit.model.DriverHostResult;
import io.iotkit.model.RunResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;

/**
 * A driver host that reaches this machine over a network, as a second machine would: a {@link NetworkNamespace}
 * with an sshd inside, on which a run starts every driver instance. Inside, this machine's loopback is out of reach,
 * so a run passes only if its local server listens on, and names to its clients, the address the driver host routes
 * to. The namespace shares this machine's files, so the host's kit is this kit, at the same path, as on driver hosts
 * that mount the kit (shipping it is ManyHostsIT's).
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

  private OtherNetworkHost(NetworkNamespace namespace, Sshd sshd) {
    this.namespace = namespace;
    this.sshd = sshd;
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
    OtherNetworkHost host = new OtherNetworkHost(namespace, sshd);
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
   * The run options {@code args} with, where the host can be had, those that start every instance there (a host
   * list of this one host, written into {@code work}).
   */
  static String[] place(Path work, String... args) throws Exception {
    List<String> all = new ArrayList<>(List.of(args));
    Optional<OtherNetworkHost> host = get();
    if (host.isPresent()) {
      Path list = Files.writeString(work.resolve("other-network-host.txt"), host.get().namespace.inside() + ":"
          + host.get().sshd.port + " kit=" + KitProcess.HOME + "\n");
      all.addAll(List.of("--hosts", list.toString(), "--ssh-config", host.get().sshd.clientConfig().toString()));
    }
    return all.toArray(String[]::new);
  }

  /**
   * The run's {@code instances} instances ran on this host, where it could be had (else on this machine), and none
   * is left running there. Other tests' runs may share the host at the same time: the run's processes there are
   * those whose command line names its temporary folder, named after the run and its master's pid.
   */
  static void assertInstancesRanThere(KitProcess kit, KitProcess.CompletedRun run, int instances) throws Exception {
    RunResult r = run.result();
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
    String marker = "tmp/" + run.runDir().getFileName() + "-" + kit.process.pid();
    long gone = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (!left(h, marker).isEmpty() && System.nanoTime() < gone) {
      Thread.sleep(200);
    }
    assertEquals(List.of(), left(h, marker), "nothing of the run left running on the driver host");
    System.out.println("the instances ran on " + d.name() + ", a driver host in another network namespace");
  }

  private static List<String> left(OtherNetworkHost h, String marker) {
    return h.sessions().descendants().filter(ProcessHandle::isAlive).map(p -> p.info().commandLine().orElse(""))
        .filter(c -> c.contains(marker)).toList();
  }

  /** The host's address, as the run names it. */
  String address() {
    return namespace.inside();
  }

  /** Cuts this machine's link to the host ({@code up} false), or restores it. */
  void link(boolean up) throws Exception {
    namespace.link(up);
  }

  /** Drops every packet to and from this host, the link up; or lets them through again. */
  void dropPackets(boolean drop) throws Exception {
    namespace.dropPackets(drop);
  }

  /**
   * The command lines of the run's processes still alive on this host: those that name its temporary folder there,
   * named after the run folder and its master's pid.
   */
  List<String> runProcesses(KitProcess kit, Path runDir) {
    return left(this, "tmp/" + runDir.getFileName() + "-" + kit.process.pid());
  }

  /** The host if a test made it already; never makes it. */
  static synchronized Optional<OtherNetworkHost> ifMade() {
    return shared == null ? Optional.empty() : shared;
  }

  /** The sshd whose sessions run the instances: their command lines are the run's too. */
  ProcessHandle sessions() {
    return sshd.process();
  }
}
