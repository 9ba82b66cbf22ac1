package io.iotkit.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * A secret no output of the kit may hold: a unique value a test gives as a password in the binding properties,
 * and the search for it in everything a run printed and wrote (every file of the run folder: logs, result.json,
 * the HTML report, FDR and executive summary, the SUT's own files) and in the command line of every process of the run while it goes on (/proc/PID/cmdline of the kit and all its
 * descendants, and of the instances the other host's sshd runs).
 */
final class Canary {
  /** What the kit must show in place of a secret (SecretNames.REDACTED). */
  static final String REDACTED = "(redacted)";
  /**
   * What every complete run folder holds, so that a search of it cannot pass by finding no files (master.log too
   * is searched, but exists only when a store client logged something).
   */
  private static final List<String> REPORTS = List.of("result.json", "report.txt", "report.html", "fdr.html",
      "fdr.md", "executive-summary.html", "executive-summary.md", "config/binding.properties");
  private static final long SAMPLE_MILLIS = 200;

  final String value = "canary-" + UUID.randomUUID();
  private final byte[] bytes = value.getBytes(StandardCharsets.UTF_8);
  /** Command lines sampled, the canary cut out of any that held it. */
  private final Set<String> commandLines = ConcurrentHashMap.newKeySet();
  private final Set<String> leaks = ConcurrentHashMap.newKeySet();
  private Thread watcher;

  /**
   * Samples the command lines of {@code kit} and all its descendants until it ends, and those of the processes the
   * {@link OtherNetworkHost}'s sshd runs (its instances), if the run uses it.
   */
  void watch(KitProcess kit) {
    Optional<ProcessHandle> sessions = OtherNetworkHost.ifMade().map(OtherNetworkHost::sessions);
    watcher = new Thread(() -> {
      while (kit.process.isAlive()) {
        sample(kit.process.toHandle());
        kit.process.descendants().forEach(this::sample);
        sessions.ifPresent(s -> s.descendants().forEach(this::sample));
        try {
          Thread.sleep(SAMPLE_MILLIS);
        } catch (InterruptedException e) {
          return;
        }
      }
    }, "canary-watch");
    watcher.setDaemon(true);
    watcher.start();
  }

  private void sample(ProcessHandle p) {
    try {
      // The raw arguments, NUL-separated: what any user of the machine can read with ps.
      byte[] cmdline = Files.readAllBytes(Path.of("/proc", Long.toString(p.pid()), "cmdline"));
      String line = new String(cmdline, StandardCharsets.UTF_8).replace('\0', ' ');
      if (line.contains(value)) {
        leaks.add("command line of pid " + p.pid() + ": " + line.replace(value, "<canary>"));
      }
      commandLines.add(line.replace(value, "<canary>"));
    } catch (IOException e) {
      // the process ended between listing and reading
    }
  }

  /**
   * The canary is in no output: not on stdout or stderr, in no file of {@code runDir}, and in no command line
   * sampled, among which were processes whose command line contains each of {@code sampledProcesses} (e.g. the
   * driver instance's main class and the local server's launcher), so that the sampling really saw the run.
   */
  void assertNowhere(KitProcess.Finished f, Path runDir, String... sampledProcesses) throws Exception {
    if (watcher != null) {
      watcher.join(10_000);
    }
    assertFalse(f.stdout().contains(value), "canary on stdout");
    assertFalse(f.stderr().contains(value), "canary on stderr: " + f.stderr());
    assertEquals(List.of(), filesHolding(runDir), "canary in files of the run folder");
    assertEquals(Set.of(), leaks, "canary in a command line");
    for (String expected : sampledProcesses) {
      assertTrue(commandLines.stream().anyMatch(c -> c.contains(expected)),
          "no sampled command line contains " + expected + ": " + commandLines);
    }
  }

  /** Like {@link #assertNowhere}, and the run folder holds every report, with {@code key} shown redacted. */
  void assertNowhereInACompleteRun(KitProcess.Finished f, Path runDir, String key, String... sampledProcesses)
      throws Exception {
    for (String report : REPORTS) {
      assertTrue(Files.isRegularFile(runDir.resolve(report)), report + " was written, so it was searched");
    }
    assertTrue(Files.readString(runDir.resolve("config/binding.properties")).contains(key + "=" + REDACTED),
        key + " is in the kept configuration, redacted");
    assertNowhere(f, runDir, sampledProcesses);
  }

  /** The files under {@code dir} that hold the canary. */
  List<Path> filesHolding(Path dir) throws IOException {
    List<Path> holding = new ArrayList<>();
    try (Stream<Path> files = Files.walk(dir)) {
      for (Path file : files.filter(Files::isRegularFile).toList()) {
        if (fileContains(file, bytes)) {
          holding.add(file);
        }
      }
    }
    return holding;
  }

  /** Whether {@code needle} occurs in the file, read in chunks (a store's files are hundreds of MB). */
  static boolean fileContains(Path file, byte[] needle) throws IOException {
    byte[] buf = new byte[1 << 20];
    int kept = 0;
    try (InputStream in = Files.newInputStream(file)) {
      int n;
      while ((n = in.read(buf, kept, buf.length - kept)) > 0) {
        int len = kept + n;
        if (indexOf(buf, len, needle) >= 0) {
          return true;
        }
        kept = Math.min(needle.length - 1, len);
        System.arraycopy(buf, len - kept, buf, 0, kept);
      }
    } catch (java.nio.file.NoSuchFileException e) {
      return false; // a server deleted it while the folder was searched
    }
    return false;
  }

  private static int indexOf(byte[] hay, int len, byte[] needle) {
    outer:
    for (int i = 0; i + needle.length <= len; i++) {
      for (int j = 0; j < needle.length; j++) {
        if (hay[i + j] != needle[j]) {
          continue outer;
        }
      }
      return i;
    }
    return -1;
  }

  /**
   * A PKCS12 key store with a self-signed key pair for 127.0.0.1, made with the JDK's keytool, whose password is
   * the canary: usable as a TLS key store and as a trust store.
   */
  Path keyStore(Path dir) throws Exception {
    Path store = dir.resolve("canary.p12");
    Path log = dir.resolve("keytool.log");
    ProcessBuilder keytool = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "keytool").toString(),
        "-genkeypair", "-alias", "canary", "-keyalg", "RSA", "-keysize", "2048", "-validity", "2",
        "-dname", "CN=127.0.0.1", "-ext", "SAN=ip:127.0.0.1", "-storetype", "PKCS12", "-keystore",
        store.toString(), "-storepass:env", "CANARY_STORE_PASSWORD")
        .redirectErrorStream(true).redirectOutput(log.toFile());
    keytool.environment().put("CANARY_STORE_PASSWORD", value); // not on keytool's command line either
    assertEquals(0, keytool.start().waitFor(), Files.readString(log));
    return store;
  }
}
