package io.iotkit.cli;

import io.iotkit.binding.BindingProvider;
import io.iotkit.model.KitLayout;
import io.iotkit.process.LocalServer;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Starts a binding's local server by itself, for users who want to point other tools (or several kit runs)
 * at it, and keeps it until Ctrl-C. Writes the binding properties that reach it next to its data.
 */
@Command(name = "server", mixinStandardHelpOptions = true,
    description = "Starts the local server of a binding (the one a run starts when no SUT is configured) and"
        + " keeps it running until Ctrl-C. Prints its address and writes it as a binding properties file"
        + " (DIR/binding.properties) to pass to runs with --binding-properties.")
final class ServerCommand implements Callable<Integer> {
  @Option(names = {"-b", "--binding"}, defaultValue = "hbase", paramLabel = "NAME",
      description = "Binding whose server to start (default: ${DEFAULT-VALUE}).")
  String binding;

  @Option(names = "--dir", paramLabel = "DIR",
      description = "Folder for the server's data and log (default: servers/<binding>).")
  Path dir;

  @Option(names = "--kit-home", hidden = true, defaultValue = "${sys:kit.home:-.}")
  Path kitHome;

  @Override
  public Integer call() throws Exception {
    KitLayout kit = new KitLayout(kitHome);
    BindingProvider provider = BindingChoice.load(kit, binding);
    LocalServer server = provider.localServer(new Properties(), kit.home())
        .orElseThrow(() -> new BadInputException("binding '" + binding + "' has no local server"));
    Path work = dir != null ? dir.toAbsolutePath() : kit.home().resolve("servers").resolve(binding);
    Files.createDirectories(work);
    System.out.println("starting " + server.description() + " in " + work + " ...");
    Properties address;
    try {
      address = server.start(work);
    } catch (IOException e) {
      throw new BadInputException(binding + ": the local server did not start: " + e.getMessage());
    }
    CountDownLatch stopped = new CountDownLatch(1);
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      server.stop();
      stopped.countDown();
    }, "stop-server"));
    Path props = work.resolve("binding.properties");
    try (OutputStream out = Files.newOutputStream(props)) {
      address.store(out, binding + " local server started by bin/tpcx-iot.sh server");
    }
    address.stringPropertyNames().stream().sorted()
        .forEach(k -> System.out.println("  " + k + "=" + address.getProperty(k)));
    System.out.println("ready; run against it with: bin/tpcx-iot.sh -b " + binding + " --binding-properties "
        + props + " ...");
    System.out.println("Ctrl-C stops it.");
    stopped.await();
    return 0;
  }
}
