package io.iotkit.sut;

import io.iotkit.binding.BindingProvider;
import io.iotkit.binding.StoreAdmin;
import io.iotkit.binding.settings.BadPropertyException;
import io.iotkit.process.LocalServer;
import io.iotkit.process.LocalSetup;
import io.iotkit.process.SutLimits;
import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import site.ycsb.DBException;

/**
 * The master's connection to the SUT for a run: the embedded server it started (if the binding properties
 * name no SUT), and the binding's {@link StoreAdmin} for the master's own calls (replication, count, purge).
 */
public final class SutSession implements AutoCloseable {
  private final BindingProvider provider;
  private final Path propertiesFile;
  private final Optional<LocalServer> server;
  /** Properties given on the command line, laid over the file's. */
  private final Map<String, String> given;
  /** What is laid over the file's properties: the given ones, then a local server's address. */
  private Map<String, String> overrides;
  private StoreAdmin admin;

  /** What the local server's processes are confined to; shown in the SUT's description. */
  private final SutLimits limits;

  private SutSession(BindingProvider provider, Path propertiesFile, Map<String, String> given,
                     Optional<LocalServer> server, SutLimits limits) {
    this.provider = provider;
    this.limits = limits;
    this.propertiesFile = propertiesFile;
    this.given = Map.copyOf(given);
    this.overrides = this.given;
    this.server = server;
  }

  /**
   * Starts the embedded server if one is needed, and connects.
   *
   * @throws SutException with one line fit for the user when the SUT cannot be started or reached
   */
  public static SutSession open(BindingProvider provider, Path propertiesFile, Map<String, String> given,
                               LocalSetup setup, Path workDir) throws SutException {
    Properties props = load(propertiesFile, given);
    SutSession s;
    try {
      provider.checkProperties(props); // before a local server starts: a bad property ends the run at once
      s = new SutSession(provider, propertiesFile, given, provider.localServer(props, setup), setup.limits());
      if (s.server.isEmpty() && !setup.limits().none()) {
        throw new IllegalArgumentException("--sut-cpus and --sut-memory confine the local server the kit starts, and"
            + " " + provider.name() + " starts none here (its binding properties name the SUT, or it has no server):"
            + " leave them out, and limit your own SUT's machines yourself");
      }
    } catch (BadPropertyException e) {
      throw new BadSetupException(Bindings.badPropertyLine(provider.name(), propertiesFile, e));
    } catch (IllegalArgumentException e) {
      throw new BadSetupException(e.getMessage());
    }
    try {
      if (s.server.isPresent()) {
        s.overrides = laidOver(given, s.server.get().start(workDir));
      }
      s.connect();
      return s;
    } catch (IOException e) {
      s.close();
      throw new SutException(provider.name() + ": the embedded server did not start: " + e.getMessage());
    } catch (SutException e) {
      s.close();
      throw e;
    }
  }

  private void connect() throws SutException {
    admin = newConnection();
  }

  /** A connection of its own, opened like the master's, for a thread that must not share that one. */
  StoreAdmin newConnection() throws SutException {
    try {
      return provider.openAdmin(load(propertiesFile, overrides));
    } catch (DBException e) {
      Optional<BadPropertyException> bad = BadPropertyException.in(e);
      throw bad.isPresent() ? new BadSetupException(Bindings.badPropertyLine(provider.name(), propertiesFile,
          bad.get())) : new SutException(e.getMessage());
    }
  }

  /** Whether the store answers the dashboard's window queries. */
  public boolean answersQueries() {
    return provider.answersQueries();
  }

  /** The binding's name, e.g. hbase. */
  String bindingName() {
    return provider.name();
  }

  private static Properties load(Path file, Map<String, String> overrides) throws SutException {
    try {
      return Bindings.properties(file, overrides);
    } catch (IOException e) {
      throw new SutException("cannot read binding properties " + file + ": " + e.getMessage());
    }
  }

  /** The given properties with a local server's address laid over them (the server's own settings win). */
  private static Map<String, String> laidOver(Map<String, String> given, Properties server) {
    Map<String, String> m = new HashMap<>(given);
    server.stringPropertyNames().forEach(k -> m.put(k, server.getProperty(k)));
    return m;
  }

  /** A property of the sponsor's binding properties (file or command line), e.g. sut.restart.command. */
  public Optional<String> property(String name) throws SutException {
    return Optional.ofNullable(load(propertiesFile, given).getProperty(name)).filter(v -> !v.isBlank());
  }

  public StoreAdmin admin() {
    return admin;
  }

  /**
   * Properties laid over the sponsor's file, for the instances: those given on the command line and the embedded
   * server's address.
   */
  public Map<String, String> overrides() {
    return overrides;
  }

  public boolean embedded() {
    return server.isPresent();
  }

  /** One line naming the SUT, for the report. */
  public String description() {
    return server.map(s -> s.description() + (limits.none() ? ""
            : ", its processes confined to " + limits.describe() + " together (a cgroup)"))
        .orElse(provider.name() + " at the address in " + propertiesFile);
  }

  /** The embedded server's nodes now; empty for a SUT the kit did not start. */
  public List<LocalServer.Node> nodes() {
    return server.map(LocalServer::nodes).orElse(List.of());
  }

  /** Restarts the embedded server and reconnects. */
  public void restartEmbedded() throws SutException {
    closeBinding();
    try {
      overrides = laidOver(given, server.orElseThrow().restart());
    } catch (IOException e) {
      throw new SutException(provider.name() + ": the embedded server did not restart: " + e.getMessage());
    }
    connect();
  }

  /** Closes the master's connection and opens it again, after the SUT was restarted from outside. */
  public void reconnect() throws SutException {
    closeBinding();
    connect();
  }

  private void closeBinding() {
    if (admin != null) {
      try {
        admin.close();
      } catch (RuntimeException e) {
        // the connection is being dropped anyway
      }
      admin = null;
    }
  }

  /** Disconnects, and stops the local server the kit started and deletes its store files (configuration and logs stay). */
  @Override
  public void close() {
    closeBinding();
    server.ifPresent(s -> {
      s.stop();
      try {
        s.deleteStoreFiles();
      } catch (IOException e) {
        // what is left is only disk space in the run folder
      }
    });
  }

  /**
   * Lets go of a SUT found dead or hung: its client is closed on a thread of its own that nobody waits for
   * (closing may hang in client retries), and the local server, if the kit started one, is killed at once and its
   * store files deleted.
   */
  public void abandon() {
    StoreAdmin b = admin;
    admin = null;
    if (b != null) {
      Thread t = new Thread(() -> {
        try {
          b.close();
        } catch (RuntimeException e) {
          // the SUT is gone; so is this connection
        }
      }, "sut-abandon");
      t.setDaemon(true);
      t.start();
    }
    server.ifPresent(s -> {
      s.kill();
      try {
        s.deleteStoreFiles(); // as after a clean stop: the log stays for the post-mortem, the data is only disk
      } catch (IOException e) {
        // what is left is only disk space in the run folder
      }
    });
  }

  /** The SUT could not be started, reached or used; the message is one line for the user. */
  public static class SutException extends Exception {
    public SutException(String message) {
      super(message);
    }
  }

  /**
   * Bad input, not a failing SUT: the binding rejected a binding property, or its local server cannot be made as
   * asked (e.g. more nodes than the store clusters).
   */
  public static final class BadSetupException extends SutException {
    public BadSetupException(String message) {
      super(message);
    }
  }
}
