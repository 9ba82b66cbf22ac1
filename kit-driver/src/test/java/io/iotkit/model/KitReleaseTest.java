package io.iotkit.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class KitReleaseTest {
  private static final String COMMIT = "35a0854c1b2e4f00aa11bb22cc33dd44ee55ff66";

  @Test
  void theVersionIsTheBuildsAndTheCommitIsWhatTheBuildWroteBesideTheJars(@TempDir Path home) throws Exception {
    Path file = home.resolve(KitRelease.COMMIT_FILE);
    Files.createDirectories(file.getParent());
    Files.writeString(file, "git.commit.id=" + COMMIT + "\ngit.dirty=false\n");
    KitRelease r = KitRelease.of(home);
    assertTrue(r.version().matches("\\d+\\.\\d+\\.\\d+(-SNAPSHOT)?"), r.version());
    assertEquals(COMMIT, r.commit());
    assertFalse(r.modified());
    assertEquals(r.version() + " (commit " + COMMIT + ")", r.text());

    Files.writeString(file, "git.commit.id=" + COMMIT + "\ngit.dirty=true\n");
    assertTrue(KitRelease.of(home).text().endsWith(", with changes not committed)"));
  }

  @Test
  void aKitBuiltOutsideAGitCheckoutSaysItsCommitIsUnknown(@TempDir Path home) {
    assertEquals("unknown", KitRelease.of(home).commit());
  }

  @Test
  void thisCheckoutsBuildRecordedItsCommit() {
    Path home = Path.of("..");
    assumeTrue(Files.exists(home.resolve(".git")), "built outside a git checkout");
    // this module's build wrote the commit of the checkout it was built in
    assertTrue(KitRelease.of(home).commit().matches("[0-9a-f]{40}"), KitRelease.of(home).toString());
  }
}
