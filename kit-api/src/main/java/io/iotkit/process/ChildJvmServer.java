package io.iotkit.process;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * A {@link LocalServer} whose launcher is a Java main built into {@code bindings/<module>/target} (its jar and
 * lib/), run as a child JVM that speaks the {@link ServerProcess} protocol. The server's classpath stays out
 * of the driver's. A subclass says how to launch it and which address its READY line gives.
 */
public abstract class ChildJvmServer implements LocalServer {
  private final Path kitHome;
  private final String module;
  private final String mainClass;
  private final List<String> jvmOptions;
  private final Duration readyTimeout;
  private final Duration stopGrace;
  private Path workDir;
  private ServerProcess process;

  protected ChildJvmServer(Path kitHome, String module, String mainClass, List<String> jvmOptions,
                           Duration readyTimeout, Duration stopGrace) {
    this.kitHome = kitHome;
    this.module = module;
    this.mainClass = mainClass;
    this.jvmOptions = List.copyOf(jvmOptions);
    this.readyTimeout = readyTimeout;
    this.stopGrace = stopGrace;
  }

  /** The launcher's arguments for a server whose data and files go under {@code workDir}. */
  protected abstract List<String> arguments(Path workDir) throws IOException;

  /** The binding properties that reach the server, from the facts of its READY line. */
  protected abstract Properties address(Map<String, String> readyFacts);

  @Override
  public Properties start(Path dir) throws IOException {
    workDir = dir;
    Files.createDirectories(dir);
    Path target = kitHome.resolve("bindings").resolve(module).resolve("target");
    Path jar = target.resolve(module + ".jar");
    if (!Files.isRegularFile(jar)) {
      throw new IOException(jar + " is missing; build the kit (mvn -DskipTests package)");
    }
    List<String> cmd = JavaCommand.of(List.of(jar, target.resolve("lib")), jvmOptions, mainClass, arguments(dir));
    process = ServerProcess.start(cmd, dir.resolve(module + ".log"), readyTimeout);
    return address(process.facts());
  }

  /** Stops the server and starts it again on the same data. */
  @Override
  public Properties restart() throws IOException {
    stopProcess();
    return start(workDir);
  }

  @Override
  public void stop() {
    stopProcess();
  }

  /** Stops the child JVM (cleanly if it can within the grace time); safe to call more than once. */
  protected final void stopProcess() {
    if (process != null) {
      process.stop(stopGrace);
      process = null;
    }
  }

  /** The folder the server was last started in, or null. */
  protected final Path workDir() {
    return workDir;
  }
}
