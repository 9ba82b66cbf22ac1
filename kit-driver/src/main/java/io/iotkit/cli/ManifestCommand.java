package io.iotkit.cli;

import io.iotkit.check.FileManifest;
import io.iotkit.model.KitLayout;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** Regenerates the audit manifest from the built kit, for a release. */
@Command(name = "manifest", mixinStandardHelpOptions = true, versionProvider = KitVersion.class,
    description = "Writes audit/kit-files.sha256: the SHA-256 of every non-changeable kit file (scripts and"
        + " every jar the kit runs) as built now. Run it for a release, after a clean build, and commit the file.")
final class ManifestCommand implements Callable<Integer> {
  @Mixin
  KitHomeOption kitHome = new KitHomeOption();

  @Override
  public Integer call() throws Exception {
    KitLayout kit = kitHome.layout();
    Map<String, String> digests = FileManifest.digest(kit.home(), kit.nonChangeableFiles());
    FileManifest.write(kit.manifest(), digests);
    System.out.println("wrote " + digests.size() + " digests to " + kit.home().relativize(kit.manifest()));
    return 0;
  }
}
