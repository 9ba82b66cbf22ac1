package io.iotkit.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** How HeadlessChromium finds its binary and reports failures; stand-in scripts play Chromium. */
class HeadlessChromiumTest {
  @TempDir
  Path dir;

  private Path page() throws IOException {
    return Files.writeString(dir.resolve("page.html"), "<!DOCTYPE html><p>x</p>");
  }

  private Path script(String name, String body) throws IOException {
    assumeTrue(!System.getProperty("os.name").startsWith("Windows"), "shell scripts");
    Path p = Files.writeString(dir.resolve(name), "#!/bin/sh\n" + body + "\n");
    Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
    return p;
  }

  @Test
  void anOverrideWinsAndANonExecutableOneFindsNothing() throws IOException {
    Path fake = script("my-chromium", "exit 0");
    Path missing = dir.resolve("absent");
    String old = System.getProperty(HeadlessChromium.PROPERTY);
    try {
      System.setProperty(HeadlessChromium.PROPERTY, fake.toString());
      assertEquals(Optional.of(fake), HeadlessChromium.find());
      System.setProperty(HeadlessChromium.PROPERTY, missing.toString());
      assertEquals(Optional.empty(), HeadlessChromium.find());
      IOException e = assertThrows(HeadlessChromium.ChromiumException.class, HeadlessChromium::locate);
      assertTrue(e.getMessage().startsWith("no Chromium found: set -D" + HeadlessChromium.PROPERTY), e.getMessage());
    } finally {
      if (old == null) {
        System.clearProperty(HeadlessChromium.PROPERTY);
      } else {
        System.setProperty(HeadlessChromium.PROPERTY, old);
      }
    }
  }

  @Test
  void theDomIsWhatChromiumPrintsWithTheOfflineFlags() throws IOException {
    // The stand-in prints its arguments, so the test sees the flags and the file URL it was given.
    Path fake = script("echo-chromium", "echo \"$@\"");
    String out = new HeadlessChromium(fake, Duration.ofSeconds(10)).dumpDom(page());
    for (String flag : new String[] {"--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
        "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync",
        "--user-data-dir=", "--dump-dom", "file:"}) {
      assertTrue(out.contains(flag), flag + " missing in: " + out);
    }
  }

  @Test
  void aFailureSaysHowItExitedAndWhatItPrinted() throws IOException {
    Path fake = script("failing-chromium", "echo 'cannot open display' >&2\nexit 3");
    IOException e = assertThrows(HeadlessChromium.ChromiumException.class,
        () -> new HeadlessChromium(fake, Duration.ofSeconds(10)).dumpDom(page()));
    assertTrue(e.getMessage().contains("exited 3") && e.getMessage().contains("cannot open display"),
        e.getMessage());
  }

  @Test
  void aHangIsStoppedAtTheTimeout() throws IOException {
    Path fake = script("hanging-chromium", "sleep 30");
    long start = System.nanoTime();
    IOException e = assertThrows(HeadlessChromium.ChromiumException.class,
        () -> new HeadlessChromium(fake, Duration.ofSeconds(1)).dumpDom(page()));
    assertTrue(e.getMessage().contains("did not finish within 1 s"), e.getMessage());
    assertTrue(System.nanoTime() - start < 10_000_000_000L, "waited for the hang");
  }

  @Test
  void aScreenshotThatWasNotWrittenIsAnError() throws IOException {
    Path fake = script("lazy-chromium", "exit 0");
    IOException e = assertThrows(HeadlessChromium.ChromiumException.class,
        () -> new HeadlessChromium(fake, Duration.ofSeconds(10)).screenshot(page(), dir.resolve("out.png")));
    assertTrue(e.getMessage().contains("wrote no screenshot"), e.getMessage());
  }

  @Test
  void aMissingBinaryOrPageIsReportedPlainly() throws IOException {
    HeadlessChromium none = new HeadlessChromium(dir.resolve("no-such-chromium"), Duration.ofSeconds(5));
    IOException e = assertThrows(HeadlessChromium.ChromiumException.class, () -> none.dumpDom(page()));
    assertTrue(e.getMessage().startsWith("cannot run "), e.getMessage());
    e = assertThrows(HeadlessChromium.ChromiumException.class, () -> none.dumpDom(dir.resolve("nothing.html")));
    assertTrue(e.getMessage().startsWith("no such HTML file"), e.getMessage());
  }
}
