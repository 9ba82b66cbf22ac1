package io.iotkit.model;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Where a built kit keeps its parts, below the kit home (the repository root): the master's jars (kit-driver), the
 * driver instance's (kit-instance), each binding's, the scripts. Maven lays them out; the master reads them from
 * here, and a driver host's probe lists the files that host needs from here, as the master ships them.
 */
public record KitLayout(Path home) {
  /** The driver instance's module output: its jar and, in lib/, every jar it runs with. */
  private static final String INSTANCE_TARGET = "kit-instance/target";

  public KitLayout {
    home = home.toAbsolutePath().normalize();
  }

  /** Jars and jar folders of the driver instance (its workload is a YCSB workload too). */
  public List<Path> instanceJars() {
    Path target = home.resolve(INSTANCE_TARGET);
    return List.of(target.resolve("kit-instance.jar"), target.resolve("lib"));
  }

  /**
   * An instance's classpath entries for the kit at {@code home} on any host (jar folders as {@code dir/*}); it
   * names the files without looking for them, as they may be on another host.
   */
  public static List<String> instanceClasspath(Path home, String binding) {
    Path instance = home.resolve(INSTANCE_TARGET);
    Path b = home.resolve("bindings").resolve(binding).resolve("target");
    return List.of(instance.resolve("kit-instance.jar").toString(), instance.resolve("lib") + "/*",
        b.resolve("binding-" + binding + ".jar").toString(), b.resolve("lib") + "/*");
  }

  /** Jars and jar folders of one binding; empty if no such binding is built. */
  public List<Path> bindingClasspath(String name) {
    Path target = home.resolve("bindings").resolve(name).resolve("target");
    Path jar = target.resolve("binding-" + name + ".jar");
    if (!Files.isRegularFile(jar)) {
      return List.of();
    }
    return List.of(jar, target.resolve("lib"));
  }

  /** Names of the bindings that are built. */
  public List<String> bindings() throws IOException {
    List<String> names = new ArrayList<>();
    try (Stream<Path> dirs = Files.list(home.resolve("bindings"))) {
      for (Path d : dirs.sorted().toList()) {
        String name = d.getFileName().toString();
        if (!bindingClasspath(name).isEmpty()) {
          names.add(name);
        }
      }
    }
    return names;
  }

  /**
   * Every kit file that a sponsor may not change, relative to home, sorted: scripts in bin/, the disclosure
   * templates, and every jar the kit runs (master, instance, bindings, their servers, and all their libraries).
   */
  public List<String> nonChangeableFiles() throws IOException {
    List<Path> roots = new ArrayList<>(List.of(home.resolve("bin"), fdrTemplates(),
        home.resolve("kit-driver/target"), home.resolve(INSTANCE_TARGET)));
    try (Stream<Path> dirs = Files.list(home.resolve("bindings"))) {
      dirs.map(d -> d.resolve("target")).forEach(roots::add);
    }
    List<String> files = new ArrayList<>();
    for (Path root : roots) {
      if (!Files.isDirectory(root)) {
        continue;
      }
      boolean isTarget = root.getFileName().toString().equals("target");
      try (Stream<Path> walk = Files.walk(root, isTarget ? 2 : Integer.MAX_VALUE)) {
        walk.filter(Files::isRegularFile)
            .filter(p -> !isTarget || p.getFileName().toString().endsWith(".jar"))
            .filter(p -> !isTarget || !isTestJar(root, p))
            .filter(p -> isTarget || !isBuildOutput(root, p))
            .map(p -> home.relativize(p).toString().replace('\\', '/'))
            .forEach(files::add);
      }
    }
    files.sort(null);
    return files;
  }

  /**
   * The part of {@link #nonChangeableFiles()} a driver host needs to run instances of {@code binding}: the
   * scripts, the templates, the instance's jars and the binding's (not the master's, nor the servers', which run on
   * the master).
   */
  public List<String> driverHostFiles(String binding) throws IOException {
    return nonChangeableFiles().stream().filter(f -> isDriverHostFile(f, binding)).toList();
  }

  /** Whether a kit file (relative path) belongs to what a driver host of {@code binding} runs. */
  public static boolean isDriverHostFile(String file, String binding) {
    return file.startsWith("bin/") || file.startsWith("fdr-templates/") || file.startsWith(INSTANCE_TARGET + "/")
        || file.startsWith("bindings/" + binding + "/target/");
  }

  /**
   * A file a script or a build wrote under a folder of kit files ({@code bin/lib/X/target/...}, a {@code .log}):
   * what the repository ignores, so a machine's own caches never enter the manifest a fresh copy is checked against.
   */
  private static boolean isBuildOutput(Path root, Path file) {
    for (Path part : root.relativize(file)) {
      if (part.toString().equals("target")) {
        return true;
      }
    }
    return file.getFileName().toString().endsWith(".log");
  }

  /** A module's own test classes (target/NAME-tests.jar, which kit-driver's tests use), no part of the kit. */
  private static boolean isTestJar(Path target, Path jar) {
    return jar.getParent().equals(target) && jar.getFileName().toString().endsWith("-tests.jar");
  }

  /** The templates of the full disclosure report and the executive summary. */
  public Path fdrTemplates() {
    return home.resolve("fdr-templates");
  }

  public Path manifest() {
    return home.resolve("audit/kit-files.sha256");
  }
}
