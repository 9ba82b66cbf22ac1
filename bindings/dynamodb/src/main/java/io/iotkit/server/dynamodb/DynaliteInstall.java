package io.iotkit.server.dynamodb;

import java.io.File;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * dynalite under an npm prefix of the kit's ({@code servers/dynalite}, git-ignored): installed there with the
 * machine's npm at first use ({@code npm install --prefix DIR dynalite@4}), one install at a time across the
 * machine's kits (a file lock); and the node to run it (dynalite 4 needs Node.js 20 or later).
 */
final class DynaliteInstall {
  static final String PACKAGE = "dynalite@4";
  static final int NODE_MAJOR = 20;

  private final Path prefix;

  DynaliteInstall(Path prefix) {
    this.prefix = prefix;
  }

  Path cli() {
    return prefix.resolve("node_modules").resolve("dynalite").resolve("cli.js");
  }

  /** The version in dynalite's package.json, or "" when it cannot be read. */
  String version() {
    try {
      Matcher m = Pattern.compile("\"version\"\\s*:\\s*\"([^\"]+)\"").matcher(Files.readString(
          cli().resolveSibling("package.json"), StandardCharsets.UTF_8));
      return m.find() ? m.group(1) : "";
    } catch (IOException e) {
      return "";
    }
  }

  /** Installs dynalite unless it is there; one line if npm is missing or the install fails. */
  void ensure() throws IOException, InterruptedException {
    installUnlessThere(cli(), PACKAGE);
  }

  /**
   * The machine's node if it is Node.js 20 or later; else (Debian 12's nodejs is 18) Node.js 20 from npm's package
   * node-linux-&lt;arch&gt;, installed beside dynalite at first use.
   */
  Path node() throws IOException, InterruptedException {
    Optional<Path> machine = onPath("node");
    String version = machine.isPresent() ? version(machine.get()) : "";
    if (major(version) >= NODE_MAJOR) {
      return machine.get();
    }
    String arch = switch (System.getProperty("os.arch")) {
      case "amd64", "x86_64" -> "x64";
      case "aarch64" -> "arm64";
      default -> throw new IOException((machine.isPresent() ? machine.get() + " is Node.js " + version : "node is"
          + " not on this machine") + "; dynalite (the local DynamoDB emulator) needs Node.js " + NODE_MAJOR
          + " or later");
    };
    String pkg = "node-linux-" + arch;
    Path local = prefix.resolve("node_modules").resolve(pkg).resolve("bin").resolve("node");
    installUnlessThere(local, pkg + "@" + NODE_MAJOR);
    return local;
  }

  private void installUnlessThere(Path file, String pkg) throws IOException, InterruptedException {
    if (Files.isRegularFile(file)) {
      return;
    }
    Files.createDirectories(prefix);
    try (FileChannel lockFile = FileChannel.open(prefix.resolve(".install.lock"), StandardOpenOption.CREATE,
        StandardOpenOption.WRITE); FileLock lock = lockFile.lock()) {
      if (Files.isRegularFile(file)) {
        return; // another kit installed it while this one waited
      }
      Path npm = onPath("npm").orElseThrow(() -> new IOException("npm is not on this machine, and " + pkg + " (for"
          + " the local DynamoDB emulator) is not installed in " + prefix + "; install Debian's npm package"
          + " (apt-get install npm), or set dynamodb.endpoint to a DynamoDB endpoint"));
      Path log = prefix.resolve("npm-install.log");
      Process p = new ProcessBuilder(List.of(npm.toString(), "install", "--prefix", prefix.toString(), "--no-audit",
          "--no-fund", "--omit=dev", pkg)).redirectErrorStream(true)
          .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
      p.getOutputStream().close();
      int code = p.waitFor();
      if (code != 0 || !Files.isRegularFile(file)) {
        throw new IOException("npm install " + pkg + " into " + prefix + " failed (exit " + code + "): "
            + lastLine(log) + "; see " + log);
      }
    }
  }

  private static String version(Path node) throws IOException, InterruptedException {
    Process p = new ProcessBuilder(node.toString(), "--version").redirectErrorStream(true).start();
    p.getOutputStream().close();
    String v = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
    p.waitFor();
    return v;
  }

  /** The major version of {@code node --version}'s answer (e.g. v20.19.2), or -1. */
  static int major(String version) {
    Matcher m = Pattern.compile("^v?(\\d+)\\.").matcher(version);
    return m.find() ? Integer.parseInt(m.group(1)) : -1;
  }

  private static Optional<Path> onPath(String name) {
    String path = System.getenv("PATH");
    for (String dir : (path == null ? "" : path).split(File.pathSeparator)) {
      Path p = dir.isBlank() ? null : Path.of(dir, name);
      if (p != null && Files.isRegularFile(p) && Files.isExecutable(p)) {
        return Optional.of(p);
      }
    }
    Path usr = Path.of("/usr/bin", name);
    return Files.isExecutable(usr) ? Optional.of(usr) : Optional.empty();
  }

  private static String lastLine(Path log) {
    try {
      List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8).stream().filter(l -> !l.isBlank())
          .toList();
      return lines.isEmpty() ? "no output" : lines.get(lines.size() - 1).strip();
    } catch (IOException e) {
      return "no output";
    }
  }
}
