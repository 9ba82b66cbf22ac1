package io.iotkit.cli;

import io.iotkit.binding.settings.BadPropertyException;
import io.iotkit.binding.BindingProvider;
import io.iotkit.model.KitLayout;
import io.iotkit.process.LocalServer;
import io.iotkit.process.LocalSetup;
import io.iotkit.process.PidFile;
import io.iotkit.sut.Bindings;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * The one way to start a binding's local server by itself, for users who want to point other tools (or several
 * kit runs) at it: in the foreground until Ctrl-C ({@code run}), or detached ({@code start}, then {@code stop},
 * {@code status}). Either way the server's address goes to {@code DIR/binding.properties} (addresses only) and
 * the pid of the process serving DIR to {@code DIR/server.pid} (see {@link PidFile}).
 */
@Command(name = "server", mixinStandardHelpOptions = true, versionProvider = KitVersion.class, sortOptions = false,
    description = {"Starts the local server of a binding (the one a run starts when no SUT is configured) by itself"
        + " and writes its address as a binding properties file (DIR/binding.properties) to pass to runs with"
        + " --binding-properties.",
        "  run     (the default) in the foreground until Ctrl-C or 'stop'",
        "  start   detached: prints the address and returns; the server keeps running",
        "  stop    stops the server serving DIR and waits until it is gone",
        "  status  says whether a server serves DIR; prints its address if so",
        "The pid of the process serving DIR is in DIR/server.pid."},
    footer = {"Exit status: 0 done (also: stop when no server runs, with a line saying so; status: it runs),"
        + " 1 the server did not start, one already serves DIR, or it had to be killed, 2 bad input,"
        + " 3 status: no server runs."})
final class ServerCommand implements Callable<Integer> {
  static final int EXIT_NOT_RUNNING = 3;
  /** Longer than any launcher's own grace for its server's clean shutdown (at most 90 s). */
  private static final Duration STOP_GRACE = Duration.ofSeconds(120);
  /** In DIR: what the store client's libraries in this command printed and logged. */
  static final String LIBRARY_LOG = "kit.log";

  /** Named as they are typed on the command line. */
  enum Action { run, start, stop, status }

  @Parameters(index = "0", arity = "0..1", defaultValue = "run", paramLabel = "ACTION",
      description = "run, start, stop or status (default: ${DEFAULT-VALUE}).")
  Action action;

  @Option(names = {"-b", "--binding"}, defaultValue = "hbase", paramLabel = "NAME",
      description = "Binding whose server it is (default: ${DEFAULT-VALUE}).")
  String binding;

  @Option(names = "--dir", paramLabel = "DIR",
      description = "Folder for the server's data and log (default: servers/<binding>).")
  Path dir;

  @Option(names = "--binding-properties", paramLabel = "FILE",
      description = "Binding properties for the server (e.g. the account the local MariaDB creates); they must"
          + " name no server address (default: none, the binding's defaults).")
  Path bindingProperties;

  @Option(names = "--sut-nodes", defaultValue = "1", paramLabel = "N",
      description = "Nodes of the local cluster (Kafka brokers, HDFS datanodes, MariaDB primary and replicas,"
          + " PostgreSQL primary and standbys); 3 or more for a replicated SUT (default: ${DEFAULT-VALUE}).")
  int nodes;

  @Option(names = "--host", defaultValue = LocalSetup.LOOPBACK, paramLabel = "ADDR",
      description = "Address to listen on and to name in DIR/binding.properties; another host's driver instances"
          + " need one they can reach (default: ${DEFAULT-VALUE}).")
  String host;

  @Mixin
  ServerLaunchOptions launchOptions;

  @Mixin
  KitHomeOption kitHome = new KitHomeOption();

  @Spec
  CommandSpec spec;

  /** The command's own lines: the terminal's streams, also while library output goes to DIR/kit.log. */
  private PrintStream out = System.out;
  private PrintStream err = System.err;

  @Override
  public Integer call() throws Exception {
    KitLayout kit = kitHome.layout();
    Path work = (dir != null ? dir : kit.home().resolve("servers").resolve(binding)).toAbsolutePath().normalize();
    if (action == Action.stop || action == Action.status) {
      if (!launchOptions.given().isEmpty() || bindingProperties != null || nodes != 1
          || !LocalSetup.LOOPBACK.equals(host)) {
        throw new BadInputException("server " + action + " takes only -b and --dir");
      }
      return action == Action.stop ? stop(work) : status(work);
    }
    Files.createDirectories(work);
    // The store's client libraries print and log as the binding is loaded and the server started: that goes to
    // DIR/kit.log, and the console keeps the command's own lines, as in a run.
    try (LibraryOutput streams = LibraryOutput.divert(work.resolve(LIBRARY_LOG))) {
      out = streams.console();
      err = streams.errors();
      LocalServer server = localServer(kit);
      Map<String, String> options = launchOptions.forServer(binding, server.launchOptions());
      Optional<ProcessHandle> running = PidFile.running(work);
      if (running.isPresent()) {
        return failed("a local server already serves " + work + " (pid " + running.get().pid() + "); stop it"
            + " with: " + stopCommand(work));
      }
      return action == Action.run ? run(server, work, options) : start(server, work, options);
    }
  }

  private LocalServer localServer(KitLayout kit) throws BadInputException, IOException {
    BindingProvider provider = BindingChoice.load(kit, binding);
    Properties props;
    if (bindingProperties == null) {
      props = new Properties();
    } else if (!Files.isRegularFile(bindingProperties)) {
      throw new BadInputException("binding properties file " + bindingProperties + " does not exist");
    } else {
      props = Bindings.properties(bindingProperties, Map.of());
    }
    Optional<LocalServer> server;
    try {
      provider.checkProperties(props);
      server = provider.localServer(props, new LocalSetup(kit.home(), nodes, host));
    } catch (BadPropertyException e) {
      throw new BadInputException(Bindings.badPropertyLine(provider.name(), bindingProperties, e));
    } catch (IllegalArgumentException e) {
      throw new BadInputException(e.getMessage());
    }
    return server.orElseThrow(() -> new BadInputException(bindingProperties == null
        ? "binding '" + binding + "' has no local server"
        : "binding '" + binding + "' starts no local server with " + bindingProperties
            + ": it names a server address; remove it there"));
  }

  /** In the foreground until Ctrl-C or SIGTERM (which 'stop' sends); the server dies with this command. */
  private int run(LocalServer server, Path work, Map<String, String> options) throws Exception {
    out.println("starting " + server.description() + " in " + work + " ...");
    Properties address;
    try {
      address = server.start(work, options);
    } catch (IOException e) {
      return failed(binding + ": the local server did not start: " + e.getMessage());
    }
    PidFile.write(work, ProcessHandle.current().pid());
    CountDownLatch stopped = new CountDownLatch(1);
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      server.stop();
      PidFile.delete(work);
      stopped.countDown();
    }, "stop-server"));
    Path props = writeAddress(work, address);
    address.stringPropertyNames().stream().sorted()
        .forEach(k -> out.println("  " + k + "=" + address.getProperty(k)));
    out.println("ready; run against it with: bin/tpcx-iot.sh -b " + binding + " --binding-properties "
        + props + " ...");
    out.println("Ctrl-C stops it.");
    stopped.await();
    return RunCommand.EXIT_OK;
  }

  /** Detached: stdout gets the address alone (binding properties lines), so scripts can read it. */
  private int start(LocalServer server, Path work, Map<String, String> options) throws IOException {
    err.println(binding + ": starting " + server.description() + " in " + work + " ...");
    Properties address;
    try {
      address = server.startDetached(work, options);
    } catch (IOException e) {
      return failed(binding + ": the local server did not start: " + e.getMessage());
    }
    writeAddress(work, address);
    out.print(lines(address));
    String pid = PidFile.running(work).map(h -> " (pid " + h.pid() + ")").orElse("");
    err.println(binding + ": serves in " + work + pid + ": " + facts(server.readyFacts())
        + "; stop it with: " + stopCommand(work));
    return RunCommand.EXIT_OK;
  }

  private int stop(Path work) {
    Optional<ProcessHandle> running = PidFile.running(work);
    if (running.isEmpty()) {
      PidFile.delete(work);
      err.println(named() + ": no local server runs in " + work);
      return RunCommand.EXIT_OK;
    }
    long pid = running.get().pid();
    if (!PidFile.stop(running.get(), work, STOP_GRACE)) {
      return failed(named() + ": the local server in " + work + " (pid " + pid + ") did not stop within "
          + STOP_GRACE.toSeconds() + " s and was killed");
    }
    err.println(named() + ": stopped the local server in " + work + " (pid " + pid + ")");
    return RunCommand.EXIT_OK;
  }

  private int status(Path work) throws IOException {
    Optional<ProcessHandle> running = PidFile.running(work);
    if (running.isEmpty()) {
      err.println(named() + ": no local server runs in " + work);
      return EXIT_NOT_RUNNING;
    }
    Path props = work.resolve("binding.properties");
    if (Files.isRegularFile(props)) {
      out.print(lines(Bindings.properties(props, Map.of())));
    }
    err.println(named() + ": a local server runs in " + work + " (pid " + running.get().pid() + ")");
    return RunCommand.EXIT_OK;
  }

  private Path writeAddress(Path work, Properties address) throws IOException {
    Path props = work.resolve("binding.properties");
    try (OutputStream out = Files.newOutputStream(props)) {
      address.store(out, binding + " local server started by bin/tpcx-iot.sh server");
    }
    return props;
  }

  private static String lines(Properties p) {
    return p.stringPropertyNames().stream().sorted().map(k -> k + "=" + p.getProperty(k) + "\n")
        .collect(Collectors.joining());
  }

  private static String facts(Map<String, String> facts) {
    return new TreeMap<>(facts).entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
        .collect(Collectors.joining(" "));
  }

  /**
   * Who a stop or status line speaks for: the binding when the user named it or the folder is the binding's own;
   * a folder given alone may hold any binding's server, so the line names none.
   */
  private String named() {
    boolean bindingGiven = spec != null && spec.commandLine() != null
        && spec.commandLine().getParseResult().hasMatchedOption("-b");
    return dir == null || bindingGiven ? binding : "server";
  }

  private String stopCommand(Path work) {
    return "bin/tpcx-iot.sh server -b " + binding + " stop --dir " + work;
  }

  private int failed(String message) {
    err.println(RunCommand.NAME + ": " + message);
    return RunCommand.EXIT_FAILED;
  }
}
