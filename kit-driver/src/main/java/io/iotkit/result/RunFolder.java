package io.iotkit.result;

import io.iotkit.binding.SecretNames;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

/**
 * One run's folder under the results folder. It is marked {@value #INCOMPLETE} from the moment it is made
 * until every result file is written, and each file is written whole or not at all, so an interrupted run
 * never leaves a folder that looks finished.
 */
public final class RunFolder {
  public static final String INCOMPLETE = "INCOMPLETE";
  public static final String RESULT = "result.json";

  private final Path dir;

  private RunFolder(Path dir) {
    this.dir = dir;
  }

  /**
   * Makes a new folder under {@code resultsRoot}, named by the local start time, marked incomplete. Runs that
   * start in the same second get {@code -2}, {@code -3}, ...: the folder is created in one step that fails if it
   * exists, so two runs started at once never share one.
   */
  public static RunFolder create(Path resultsRoot) throws IOException {
    String runId = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
    Files.createDirectories(resultsRoot);
    Path runDir = resultsRoot.resolve(runId);
    for (int n = 2; !madeHere(runDir); n++) {
      runDir = resultsRoot.resolve(runId + "-" + n);
    }
    RunFolder f = new RunFolder(runDir);
    f.writeAtomically(INCOMPLETE, "This run has not finished, or was interrupted: its results are not whole.\n");
    return f;
  }

  /** Whether this call made the folder; false if it exists already (another run's). */
  private static boolean madeHere(Path dir) throws IOException {
    try {
      Files.createDirectory(dir);
      return true;
    } catch (FileAlreadyExistsException e) {
      return false;
    }
  }

  /** An existing run folder, e.g. to render its reports again. */
  public static RunFolder of(Path dir) {
    return new RunFolder(dir);
  }

  public Path dir() {
    return dir;
  }

  public Path file(String name) {
    return dir.resolve(name);
  }

  public boolean complete() {
    return !Files.exists(dir.resolve(INCOMPLETE));
  }

  /** Every result is written: the folder is whole. */
  public void markComplete() throws IOException {
    Files.deleteIfExists(dir.resolve(INCOMPLETE));
  }

  /** Writes a file under the folder whole or not at all: into a temporary file first, then renamed. */
  public Path writeAtomically(String name, String text) throws IOException {
    return writeAtomically(name, text.getBytes(StandardCharsets.UTF_8));
  }

  public Path writeAtomically(String name, byte[] content) throws IOException {
    Path target = dir.resolve(name);
    Files.createDirectories(target.getParent());
    Path tmp = target.resolveSibling("." + target.getFileName() + ".tmp");
    Files.write(tmp, content);
    try {
      Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    } catch (AtomicMoveNotSupportedException e) {
      Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
    }
    return target;
  }

  /**
   * Keeps the configuration a run used under {@code config/}: the binding properties with every secret's
   * value replaced by {@value SecretNames#REDACTED}, and the pricing and system description files as they were.
   */
  public List<Path> keepConfiguration(Path bindingProperties, Path pricing, Path systemDescription, Path hosts)
      throws IOException {
    List<Path> kept = new ArrayList<>();
    if (hosts != null && Files.isRegularFile(hosts)) {
      kept.add(writeAtomically("config/hosts.txt", Files.readAllBytes(hosts)));
    }
    if (bindingProperties != null && Files.isRegularFile(bindingProperties)) {
      kept.add(writeAtomically("config/binding.properties", redacted(Files.readString(bindingProperties))));
    }
    if (pricing != null && Files.isRegularFile(pricing)) {
      kept.add(writeAtomically("config/pricing.json", Files.readAllBytes(pricing)));
    }
    if (systemDescription != null && Files.isRegularFile(systemDescription)) {
      kept.add(writeAtomically("config/system.json", Files.readAllBytes(systemDescription)));
    }
    return kept;
  }

  /**
   * A properties file's text with every secret's value replaced; comments and layout stay as they were. An
   * entry continued over several lines (trailing backslash) is replaced whole.
   */
  static String redacted(String propertiesText) throws IOException {
    StringBuilder out = new StringBuilder();
    String[] lines = propertiesText.split("\n", -1);
    for (int i = 0; i < lines.length; i++) {
      String t = lines[i].strip();
      if (t.isEmpty() || t.startsWith("#") || t.startsWith("!")) {
        out.append(lines[i]).append('\n');
        continue;
      }
      StringBuilder entry = new StringBuilder(lines[i]);
      while (continues(lines[i]) && i + 1 < lines.length) {
        entry.append('\n').append(lines[++i]);
      }
      Properties one = new Properties();
      one.load(new java.io.StringReader(entry.toString()));
      String name = one.stringPropertyNames().stream().findFirst().orElse("");
      out.append(SecretNames.isSecret(name) ? name + "=" + SecretNames.REDACTED : entry).append('\n');
    }
    return out.toString().stripTrailing() + "\n";
  }

  /** A line ending in an odd number of backslashes continues on the next. */
  private static boolean continues(String line) {
    int n = 0;
    for (int i = line.length() - 1; i >= 0 && line.charAt(i) == '\\'; i--) {
      n++;
    }
    return n % 2 == 1;
  }
}
