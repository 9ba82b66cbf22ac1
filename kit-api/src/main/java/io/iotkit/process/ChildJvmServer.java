package io.iotkit.process;

import io.iotkit.files.FileTrees;
import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.function.BiFunction;

/**
 * A {@link LocalServer} whose launcher is a Java main run as a child JVM that speaks the {@link ServerProcess}
 * protocol. A launcher that needs libraries of its own is a module of its own, built into
 * {@code bindings/<module>/target} (its jar and lib/), so that the server's class path stays out of the driver's; one
 * that needs nothing beyond kit-api is built into its binding and runs from the binding's jar. A subclass says how
 * to launch it and which address its READY line gives.
 *
 * <p>Launchers share one command line convention: the subclass's {@link #arguments}, then the launcher options
 * the user gave (see {@link #launchOptions()}), then {@code --detached} when the server is to outlive the kit.
 */
public abstract class ChildJvmServer implements LocalServer {
  /** The launcher's flag for running without a parent: ignore stdin, stop on SIGTERM. */
  public static final String DETACHED = "--detached";
  /** JVM options of a launcher that only supervises native server processes (influxd, postgres, Kafka nodes). */
  public static final List<String> SUPERVISOR_JVM = List.of("-Xmx48m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1");

  private final SutLimits limits;
  /** The server's name: its log, its cgroup and its node are named after it. */
  private final String module;
  /** The launcher's jar, then the rest of its class path. */
  private final List<Path> classpath;
  private final String mainClass;
  private final List<String> jvmOptions;
  private final Duration readyTimeout;
  private final Duration stopGrace;
  private Path workDir;
  private Map<String, String> options = Map.of();
  private Map<String, String> facts = Map.of();
  private ServerProcess process;
  /**
   * The group that holds the server's processes, made at its first start and kept across restarts: it confines
   * them to the limits asked for, and, with or without limits, lets the stop end whatever they left behind.
   */
  private Cgroup cgroup;

  /** A launcher in a module of its own, {@code bindings/<module>}, whose name the server takes. */
  protected ChildJvmServer(LocalSetup setup, String module, String mainClass, List<String> jvmOptions,
                           Duration readyTimeout, Duration stopGrace) {
    this(setup, module, moduleClasspath(setup.kitHome(), module), mainClass, jvmOptions, readyTimeout, stopGrace);
  }

  /**
   * A launcher built into its binding, {@code main} among the binding's classes: it runs from the binding's jar and
   * lib/ and the kit-api the kit itself runs on. {@code name} names the server (its log, e.g. name.log).
   */
  protected ChildJvmServer(LocalSetup setup, String name, Class<?> main, List<String> jvmOptions,
                           Duration readyTimeout, Duration stopGrace) {
    this(setup, name, bindingClasspath(main), main.getName(), jvmOptions, readyTimeout, stopGrace);
  }

  private ChildJvmServer(LocalSetup setup, String module, List<Path> classpath, String mainClass,
                         List<String> jvmOptions, Duration readyTimeout, Duration stopGrace) {
    this.limits = setup.limits();
    this.module = module;
    this.classpath = classpath;
    this.mainClass = mainClass;
    this.jvmOptions = List.copyOf(jvmOptions);
    this.readyTimeout = confined(readyTimeout, setup.limits());
    this.stopGrace = stopGrace;
  }

  private static List<Path> moduleClasspath(Path kitHome, String module) {
    Path target = kitHome.resolve("bindings").resolve(module).resolve("target");
    return List.of(target.resolve(module + ".jar"), target.resolve("lib"));
  }

  /** The binding's jar and lib/ (the launcher's classes), then kit-api's jar (the binding's lib/ leaves it out). */
  private static List<Path> bindingClasspath(Class<?> main) {
    List<Path> classpath = new ArrayList<>(JavaCommand.jarAndLib(main));
    classpath.add(JavaCommand.jarAndLib(ChildJvmServer.class).get(0));
    return List.copyOf(classpath);
  }

  /**
   * The kit folder of a server that runs one node only; a request for more is refused with a line the user can act
   * on, rather than answered by a single node that the replication check would then read as 1.
   */
  protected static LocalSetup singleNode(LocalSetup setup, String binding) {
    if (setup.replicated()) {
      throw new IllegalArgumentException(binding + ": the local server runs one node only; use --sut-nodes 1, or"
          + " point the binding properties at a replicated cluster");
    }
    return setup;
  }

  /**
   * The time to start a server held to less than one CPU: as much longer as its share of a CPU is smaller (JVMs
   * and stores start on CPU), at most 20 times.
   */
  static Duration confined(Duration readyTimeout, SutLimits limits) {
    if (limits.cpus() <= 0 || limits.cpus() >= 1) {
      return readyTimeout;
    }
    return readyTimeout.multipliedBy(Math.round(Math.min(20, Math.ceil(1 / limits.cpus()))));
  }

  /** The launcher's arguments for a server whose data and files go under {@code workDir}. */
  protected abstract List<String> arguments(Path workDir) throws IOException;

  /** The binding properties that reach the server, from the facts of its READY line. */
  protected abstract Properties address(Map<String, String> readyFacts);

  /**
   * Work before the launcher starts, e.g. a file it reads at start; the returned handle is closed once the
   * server serves or failed to start. Nothing by default.
   */
  protected Closeable prepare(Path workDir) throws IOException {
    return () -> { };
  }

  @Override
  public Properties start(Path dir) throws IOException {
    return start(dir, Map.of());
  }

  @Override
  public Properties start(Path dir, Map<String, String> launchOptions) throws IOException {
    workDir = dir;
    options = Map.copyOf(launchOptions);
    List<String> cmd = command(dir, launchOptions, false);
    try (Closeable prepared = prepare(dir)) {
      process = ServerProcess.start(cmd, dir.resolve(module + ".log"), readyTimeout);
    }
    return ready(process.facts());
  }

  @Override
  public Properties startDetached(Path dir, Map<String, String> launchOptions) throws IOException {
    List<String> cmd = command(dir, launchOptions, true);
    try (Closeable prepared = prepare(dir)) {
      return ready(DetachedLaunch.start(cmd, dir, module, readyTimeout));
    }
  }

  private Properties ready(Map<String, String> readyFacts) {
    facts = Map.copyOf(readyFacts);
    return address(facts);
  }

  private List<String> command(Path dir, Map<String, String> launchOptions, boolean detached) throws IOException {
    if (!launchOptions().containsAll(launchOptions.keySet())) {
      throw new IllegalArgumentException(description() + " takes only the launcher options " + launchOptions()
          + ", not " + launchOptions.keySet());
    }
    Files.createDirectories(dir);
    if (!Files.exists(classpath.get(0))) {
      throw new IOException(classpath.get(0) + " is missing; build the kit (mvn -DskipTests package)");
    }
    List<String> args = new ArrayList<>(arguments(dir));
    launchOptions.forEach((option, value) -> {
      args.add(option);
      args.add(value);
    });
    if (detached) {
      args.add(DETACHED);
    }
    List<String> java = JavaCommand.of(classpath, jvmOptions, mainClass, args);
    if (cgroup == null && !limits.none()) {
      cgroup = Cgroup.create(module, limits);
    } else if (cgroup == null && !detached) {
      // a server the kit stops itself is tracked even without limits, so nothing of it outlives the stop
      cgroup = Cgroup.tracking(module).orElse(null);
    }
    return cgroup == null ? java : cgroup.wrap(java);
  }

  /** The group that holds the server's processes, where one could be made (always, when it has limits). */
  public java.util.Optional<Cgroup> cgroup() {
    return java.util.Optional.ofNullable(cgroup);
  }

  /** One node: the launcher's JVM. */
  @Override
  public List<LocalServer.Node> nodes() {
    return process == null ? List.of() : List.of(new LocalServer.Node(module, process.pid()));
  }

  /**
   * Writes {@code values} (an account's login, as a hash or verifier where the server allows) into
   * {@link #accountFile(Path)}, a file only this user can read, for the launcher to read while it starts: the
   * password never reaches its command line. Closing the result deletes the file; {@link #prepare} returns it, so
   * it goes as soon as the server is up.
   */
  protected static Closeable writeAccountFile(Path dir, Properties values, String comment) throws IOException {
    Path file = accountFile(dir);
    Files.createDirectories(file.getParent());
    Files.deleteIfExists(file);
    Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
    try (OutputStream out = Files.newOutputStream(file)) {
      values.store(out, comment);
    }
    return () -> Files.deleteIfExists(file);
  }

  /** Where {@link #writeAccountFile} puts the account for a server whose files go under {@code dir}. */
  protected static Path accountFile(Path dir) {
    return dir.resolve("account.properties");
  }

  /**
   * The nodes a launcher that supervises several server processes named in its READY line ({@code nodes=N
   * node1.pid=... nodeN.pid=...}), each named by {@code name} from its number and the count; a node whose process
   * has died is not serving, and is left out.
   */
  protected final List<LocalServer.Node> nodesFromReadyFacts(BiFunction<Integer, Integer, String> name) {
    List<LocalServer.Node> nodes = new ArrayList<>();
    int count = Integer.parseInt(facts.getOrDefault("nodes", "0"));
    for (int i = 1; i <= count; i++) {
      long pid = Long.parseLong(facts.get("node" + i + ".pid"));
      if (ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
        nodes.add(new LocalServer.Node(name.apply(i, count), pid));
      }
    }
    return nodes;
  }

  /**
   * The one native process a launcher supervises, as its READY line named it ({@code pid=...}), called
   * {@code name}: none while the launcher does not run, or once that process has died.
   */
  protected final List<LocalServer.Node> nodeFromReadyPid(String name) {
    String pid = facts.get("pid");
    if (process == null || pid == null) {
      return List.of();
    }
    long p = Long.parseLong(pid);
    return ProcessHandle.of(p).map(ProcessHandle::isAlive).orElse(false) ? List.of(new LocalServer.Node(name, p))
        : List.of();
  }

  @Override
  public Map<String, String> readyFacts() {
    return facts;
  }

  /** Stops the server and starts it again on the same data, with the same launcher options. */
  @Override
  public Properties restart() throws IOException {
    stopProcess();
    return start(workDir, options);
  }

  @Override
  public void stop() {
    stopProcess();
    removeCgroup();
  }

  /** Kills the child JVM and every process it started, without waiting for a clean stop. */
  @Override
  public void kill() {
    if (process != null) {
      process.stop(java.time.Duration.ZERO);
      process = null;
    }
    removeCgroup();
  }

  /** Ends what the server left in its group (a process its launcher did not stop) and removes the group. */
  private void removeCgroup() {
    if (cgroup != null) {
      cgroup.remove();
      cgroup = null;
    }
  }

  /** Stops the child JVM (cleanly if it can within the grace time); safe to call more than once. */
  protected final void stopProcess() {
    if (process != null) {
      process.stop(stopGrace);
      process = null;
    }
    if (cgroup != null) {
      cgroup.endAll(); // what the launcher left (its server, were the launcher killed) would hold port and data
    }
  }

  /**
   * The folders under {@code workDir} that hold the store's data, for {@link #deleteStoreFiles()}: none by
   * default.
   */
  protected List<Path> storeFolders(Path workDir) throws IOException {
    return List.of();
  }

  @Override
  public void deleteStoreFiles() throws IOException {
    if (workDir != null) {
      for (Path folder : storeFolders(workDir)) {
        FileTrees.delete(folder);
      }
    }
  }

  /** The folders directly in {@code dir} whose names {@code take} accepts; none when {@code dir} does not exist. */
  protected static List<Path> foldersIn(Path dir, java.util.function.Predicate<String> take) throws IOException {
    if (!Files.isDirectory(dir)) {
      return List.of();
    }
    try (java.util.stream.Stream<Path> s = Files.list(dir)) {
      return s.filter(Files::isDirectory).filter(f -> take.test(f.getFileName().toString())).sorted().toList();
    }
  }
}
