package io.iotkit.process;

import java.io.File;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Builds the command line of a child JVM that runs the same Java as this one. */
public final class JavaCommand {
  private JavaCommand() {
  }

  /**
   * @param classpath jars, or folders whose jars all belong on the classpath
   */
  public static List<String> of(List<Path> classpath, List<String> jvmOptions, String mainClass, List<String> args) {
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.addAll(jvmOptions);
    cmd.add("-cp");
    List<String> entries = new ArrayList<>();
    for (Path p : classpath) {
      entries.add(p.toFile().isDirectory() ? p.resolve("*").toString() : p.toString());
    }
    cmd.add(String.join(File.pathSeparator, entries));
    cmd.add(mainClass);
    cmd.addAll(args);
    return cmd;
  }

  /**
   * The built jar {@code c} was loaded from and the lib/ folder beside it (Maven lays a module out so): the class
   * path on which a child JVM runs the same build as this one.
   */
  public static List<Path> jarAndLib(Class<?> c) {
    try {
      Path jar = Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI());
      return List.of(jar, jar.resolveSibling("lib"));
    } catch (URISyntaxException | NullPointerException e) {
      throw new IllegalStateException("cannot locate the jar of " + c.getName() + ": " + e.getMessage(), e);
    }
  }
}
