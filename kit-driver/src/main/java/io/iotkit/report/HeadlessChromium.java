package io.iotkit.report;

import io.iotkit.files.FileTrees;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Runs a local Chromium headless on a local HTML file: the DOM after the page's scripts ran, or a screenshot.
 * Used to check that the HTML reports render in a real browser.
 *
 * <p>The binary is the system property {@value #PROPERTY} or the environment variable {@value #ENV} when set,
 * otherwise the first of /usr/bin/chromium, chromium, chromium-browser, google-chrome found on the PATH.
 */
public final class HeadlessChromium {
  public static final String PROPERTY = "iotkit.chromium";
  public static final String ENV = "IOTKIT_CHROMIUM";
  private static final List<String> NAMES = List.of("chromium", "chromium-browser", "google-chrome");
  /** Tall enough for a whole run report at 1280 px wide. */
  public static final int SCREENSHOT_HEIGHT = 5200;

  private final Path binary;
  private final Duration timeout;

  public HeadlessChromium(Path binary, Duration timeout) {
    this.binary = binary;
    this.timeout = timeout;
  }

  /** Chromium as found by {@link #find()}, with a 60 s limit per run; fails with what was looked for. */
  public static HeadlessChromium locate() throws ChromiumException {
    return new HeadlessChromium(find().orElseThrow(() -> new ChromiumException("no Chromium found: set -D"
        + PROPERTY + " or " + ENV + " to its binary, or install it (e.g. apt-get install chromium); looked for "
        + "/usr/bin/chromium and " + String.join(", ", NAMES) + " on the PATH")), Duration.ofSeconds(60));
  }

  /** The Chromium binary to use, if there is one. An override that is not an executable file is not used. */
  public static Optional<Path> find() {
    for (String override : new String[] {System.getProperty(PROPERTY), System.getenv(ENV)}) {
      if (override != null && !override.isBlank()) {
        Path p = Path.of(override);
        return Files.isExecutable(p) ? Optional.of(p) : Optional.empty();
      }
    }
    Path usual = Path.of("/usr/bin/chromium");
    if (Files.isExecutable(usual)) {
      return Optional.of(usual);
    }
    String path = System.getenv("PATH");
    if (path != null) {
      for (String name : NAMES) {
        for (String dir : path.split(java.io.File.pathSeparator)) {
          Path p = Path.of(dir.isEmpty() ? "." : dir, name);
          if (Files.isRegularFile(p) && Files.isExecutable(p)) {
            return Optional.of(p);
          }
        }
      }
    }
    return Optional.empty();
  }

  public Path binary() {
    return binary;
  }

  /** The page's DOM, serialised after its scripts ran. */
  public String dumpDom(Path html) throws IOException {
    return run(html, List.of("--dump-dom"));
  }

  /** A PNG of the page's first {@link #SCREENSHOT_HEIGHT} pixels at 1280 px wide. */
  public void screenshot(Path html, Path png) throws IOException {
    screenshot(html, png, 1280, SCREENSHOT_HEIGHT);
  }

  /** A PNG of the page at the given window size; fails if Chromium wrote none. */
  public void screenshot(Path html, Path png, int width, int height) throws IOException {
    Path target = png.toAbsolutePath();
    Files.deleteIfExists(target);
    run(html, List.of("--hide-scrollbars", "--window-size=" + width + "," + height, "--screenshot=" + target));
    if (!Files.isRegularFile(target) || Files.size(target) == 0) {
      throw new ChromiumException(binary + " wrote no screenshot to " + target);
    }
  }

  /** Runs Chromium once on the file and returns what it wrote to standard output. */
  private String run(Path html, List<String> action) throws IOException {
    if (!Files.isRegularFile(html)) {
      throw new ChromiumException("no such HTML file: " + html);
    }
    // A fresh profile per run: no state between runs, and no clash with another Chromium using the default one.
    Path profile = Files.createTempDirectory("iotkit-chromium-");
    Path out = profile.resolve("stdout.txt");
    Path err = profile.resolve("stderr.txt");
    List<String> cmd = new ArrayList<>(List.of(binary.toString(), "--headless", "--no-sandbox", "--disable-gpu",
        // Without network, Chromium's background fetches (QUIC, updates, sync) stall or retry; turn them off.
        "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--disable-dev-shm-usage", "--user-data-dir=" + profile.resolve("profile")));
    cmd.addAll(action);
    cmd.add(html.toAbsolutePath().toUri().toString());
    try {
      Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
      boolean done;
      try {
        done = p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
      } catch (InterruptedException e) {
        p.destroyForcibly();
        Thread.currentThread().interrupt();
        throw new ChromiumException("interrupted while waiting for " + binary);
      }
      if (!done) {
        p.descendants().forEach(ProcessHandle::destroyForcibly);
        p.destroyForcibly();
        throw new ChromiumException(binary + " did not finish within " + timeout.toSeconds() + " s on " + html
            + tail(err));
      }
      if (p.exitValue() != 0) {
        throw new ChromiumException(binary + " exited " + p.exitValue() + " on " + html + tail(err));
      }
      return Files.readString(out, StandardCharsets.UTF_8);
    } catch (IOException e) {
      if (e instanceof ChromiumException) {
        throw e;
      }
      throw new ChromiumException("cannot run " + binary + ": " + e.getMessage());
    } finally {
      deleteTree(profile);
    }
  }

  /** The last lines Chromium wrote to standard error, which say why it failed. */
  private static String tail(Path err) {
    try {
      List<String> lines = Files.readAllLines(err, StandardCharsets.UTF_8);
      List<String> last = lines.subList(Math.max(0, lines.size() - 8), lines.size());
      return last.isEmpty() ? "" : "; its last output:\n  " + String.join("\n  ", last);
    } catch (IOException e) {
      return "";
    }
  }

  private static void deleteTree(Path dir) {
    try {
      FileTrees.delete(dir);
    } catch (IOException e) {
      // A leftover temporary profile is harmless; the result of the run is what matters.
    }
  }

  /** Chromium is missing, failed, or timed out; the message says which and what it printed. */
  public static final class ChromiumException extends IOException {
    public ChromiumException(String message) {
      super(message);
    }
  }
}
