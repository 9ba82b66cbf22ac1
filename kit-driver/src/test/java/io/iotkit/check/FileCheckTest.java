package io.iotkit.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iotkit.model.CheckResult;
import io.iotkit.model.KitLayout;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileCheckTest {
  private static final List<String> KIT_FILES = List.of("bin/tpcx-iot.sh", "bindings/x/target/binding-x.jar",
      "kit-driver/target/kit-driver.jar", "kit-driver/target/lib/a.jar");

  @TempDir
  Path home;
  private KitLayout kit;

  private void write(String relative, String content) throws IOException {
    Path p = home.resolve(relative);
    Files.createDirectories(p.getParent());
    Files.writeString(p, content);
  }

  @BeforeEach
  void fakeKit() throws IOException {
    for (String f : KIT_FILES) {
      write(f, "contents of " + f);
    }
    kit = new KitLayout(home);
    FileManifest.write(kit.manifest(), FileManifest.digest(home, kit.nonChangeableFiles()));
  }

  private CheckResult check() throws IOException {
    return FileCheck.run(kit).result();
  }

  @Test
  void theReleasedKitPasses() throws IOException {
    assertEquals(KIT_FILES, kit.nonChangeableFiles());
    FileCheck.Outcome outcome = FileCheck.run(kit);
    assertTrue(outcome.result().passed(), outcome.result().measured().text());
    assertEquals(KIT_FILES, List.copyOf(outcome.digests().keySet()));
    assertEquals(FileManifest.sha256(home.resolve("kit-driver/target/lib/a.jar")),
        outcome.digests().get("kit-driver/target/lib/a.jar"));
  }

  @Test
  void oneChangedByteFailsAndNamesTheFile() throws IOException {
    Path jar = home.resolve("kit-driver/target/lib/a.jar");
    byte[] bytes = Files.readAllBytes(jar);
    bytes[3] ^= 1;
    Files.write(jar, bytes);
    CheckResult r = check();
    assertFalse(r.passed());
    assertTrue(r.measured().text().contains("changed"), r.measured().text());
    assertTrue(r.measured().text().contains("kit-driver/target/lib/a.jar"), r.measured().text());
    assertFalse(r.why().isEmpty());
  }

  @Test
  void aDeletedFileFails() throws IOException {
    Files.delete(home.resolve("bindings/x/target/binding-x.jar"));
    CheckResult r = check();
    assertFalse(r.passed());
    assertTrue(r.measured().text().contains("missing"), r.measured().text());
    assertTrue(r.measured().text().contains("bindings/x/target/binding-x.jar"), r.measured().text());
  }

  @Test
  void anUnlistedJarFails() throws IOException {
    write("kit-driver/target/lib/shadow.jar", "evil classes");
    CheckResult r = check();
    assertFalse(r.passed());
    assertTrue(r.measured().text().contains("kit-driver/target/lib/shadow.jar"), r.measured().text());
  }

  @Test
  void anUnlistedBindingLibraryFails() throws IOException {
    write("bindings/x/target/lib/extra.jar", "more classes");
    assertFalse(check().passed());
  }

  @Test
  void anEditedScriptFails() throws IOException {
    write("bin/tpcx-iot.sh", "echo compliant");
    CheckResult r = check();
    assertFalse(r.passed());
    assertTrue(r.measured().text().contains("bin/tpcx-iot.sh"), r.measured().text());
  }

  @Test
  void noManifestFails() throws IOException {
    Files.delete(kit.manifest());
    CheckResult r = check();
    assertFalse(r.passed());
    assertTrue(r.measured().text().contains("no manifest"), r.measured().text());
  }

  @Test
  void buildLeftoversThatAreNotJarsAreNotKitFiles() throws IOException {
    write("kit-driver/target/classes/x.class", "bytecode");
    write("bindings/x/target/maven-status/list.lst", "list");
    assertEquals(KIT_FILES, kit.nonChangeableFiles());
    assertTrue(check().passed());
  }

  @Test
  void manifestIsInSha256sumFormat() throws IOException {
    Map<String, String> digests = FileManifest.read(kit.manifest());
    assertEquals(KIT_FILES, List.copyOf(digests.keySet()));
    String line = Files.readAllLines(kit.manifest()).get(0);
    assertTrue(line.matches("[0-9a-f]{64}  bin/tpcx-iot\\.sh"), line);
  }
}
