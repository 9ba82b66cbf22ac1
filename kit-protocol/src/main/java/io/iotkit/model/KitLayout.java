package io.iotkit.model;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Where a built kit keeps its parts, below the kit home (the repository root): the driver's jars, each
 * binding's jars, the scripts. Maven lays them out; the master reads them from here.
 */
public record KitLayout(Path home) {

  public KitLayout {
    home = home.toAbsolutePath().normalize();
  }

  /** Jars and jar folders of the driver (master and instances). */
  public List<Path> driverClasspath() {
    Path target = home.resolve("kit-driver/target");
    return List.of(target.resolve("kit-driver.jar"), target.resolve("lib"));
  }

  /**
   * An instance's classpath entries for the kit at {@code home} on any host (jar folders as {@code dir/*}); it
   * names the files without looking for them, as they may be on another host.
   */
  public static List<String> instanceClasspath(Path home, String binding) {
    Path driver = home.resolve("kit-driver/target");
    Path b = home.resolve("bindings").resolve(binding).resolve("target");
    return List.of(driver.resolve("kit-driver.jar").toString(), driver.resolve("lib") + "/*",
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
   * templates, and every jar the kit runs (driver, bindings, their servers, and all their libraries).
   */
  public List<String> nonChangeableFiles() throws IOException {
    List<Path> roots = new ArrayList<>(List.of(home.resolve("bin"), fdrTemplates(),
        home.resolve("kit-driver/target")));
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
            .map(p -> home.relativize(p).toString().replace('\\', '/'))
            .forEach(files::add);
      }
    }
    files.sort(null);
    return files;
  }

  /**
   * The part of {@link #nonChangeableFiles()} a driver host needs to run instances of {@code binding}: the
   * scripts, the templates, the driver's jars and the binding's (not the servers', which run on the master).
   */
  public List<String> driverHostFiles(String binding) throws IOException {
    return nonChangeableFiles().stream().filter(f -> isDriverHostFile(f, binding)).toList();
  }

  /** Whether a kit file (relative path) belongs to what a driver host of {@code binding} runs. */
  public static boolean isDriverHostFile(String file, String binding) {
    return file.startsWith("bin/") || file.startsWith("fdr-templates/") || file.startsWith("kit-driver/target/")
        || file.startsWith("bindings/" + binding + "/target/");
  }

  /** The templates of the full disclosure report and the executive summary. */
  public Path fdrTemplates() {
    return home.resolve("fdr-templates");
  }

  public Path manifest() {
    return home.resolve("audit/kit-files.sha256");
  }
}
