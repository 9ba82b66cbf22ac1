package io.iotkit.cli;

import io.iotkit.audit.AuditPackage;
import io.iotkit.audit.Discrepancy;
import io.iotkit.audit.RunManifest;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** Archives a run folder for an auditor and prints the archive's digest. */
@Command(name = "package", mixinStandardHelpOptions = true, versionProvider = KitVersion.class,
    description = "Writes one zip archive of a run folder (every file, with its manifest) and the kit's own"
        + " manifest, for an auditor, and prints its SHA-256 to quote in the disclosure. The folder must match its"
        + " manifest.")
final class PackageCommand implements Callable<Integer> {
  @Parameters(paramLabel = "RUN_DIR", description = "A run folder under results/.")
  Path runDir;

  @Option(names = {"-o", "--output"}, paramLabel = "FILE",
      description = "Where the archive goes (default: RUN_DIR.audit.zip beside the folder).")
  Path output;

  @Mixin
  KitHomeOption kitHome = new KitHomeOption();

  @Override
  public Integer call() throws Exception {
    VerifyCommand.requireFolder(runDir);
    Optional<RunManifest> manifest = RunManifest.read(runDir);
    if (manifest.isEmpty()) {
      throw new BadInputException(runDir + " has no " + RunManifest.FILE + ", so nothing shows it is as the run"
          + " left it; only a folder a finished run wrote can be packaged");
    }
    List<Discrepancy> differ = manifest.get().differences(runDir);
    if (!differ.isEmpty()) {
      throw new BadInputException(runDir + " does not match its manifest (" + differ.size() + " file(s), first "
          + differ.get(0).line() + "); run verify " + runDir + " to see them all");
    }
    Path dir = runDir.toAbsolutePath().normalize();
    Path archive = output != null ? output : dir.resolveSibling(dir.getFileName() + ".audit.zip");
    AuditPackage.Written w = AuditPackage.write(runDir, manifest.get(), kitHome.layout(), archive);
    System.out.println("audit package: " + w.archive() + " (" + w.files() + " files)");
    System.out.println("SHA-256:       " + w.sha256());
    return RunCommand.EXIT_OK;
  }
}
