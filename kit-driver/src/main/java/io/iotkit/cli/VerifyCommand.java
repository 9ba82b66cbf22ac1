package io.iotkit.cli;

import io.iotkit.audit.Discrepancy;
import io.iotkit.audit.RunVerifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

/** Checks a run folder against its own evidence, one line per discrepancy. */
@Command(name = "verify", mixinStandardHelpOptions = true, versionProvider = KitVersion.class,
    description = "Checks a finished run's folder against its own evidence: the SHA-256 of every file against the"
        + " run's manifest, result.json against its schema, each instance's figures against its own result file and"
        + " interval log, every derived figure and check (latency, data check, execution rules, metrics, the"
        + " compliance verdict) derived again, and every document against what result.json renders. Prints one line"
        + " per discrepancy. Use a kit of the run's release.",
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {"0:the folder verifies: nothing differs", "1:something differs (one line each)",
        "2:bad input (no such folder)"})
final class VerifyCommand implements Callable<Integer> {
  @Parameters(paramLabel = "RUN_DIR", description = "A run folder under results/.")
  Path runDir;

  @Mixin
  KitHomeOption kitHome = new KitHomeOption();

  @Override
  public Integer call() throws Exception {
    requireFolder(runDir);
    List<Discrepancy> found = RunVerifier.verify(runDir, kitHome.layout());
    found.forEach(d -> System.out.println(d.line()));
    if (found.isEmpty()) {
      System.out.println("verified: " + runDir + ": every file, figure, check and document matches its evidence");
      return RunCommand.EXIT_OK;
    }
    System.out.println(found.size() + " discrepanc" + (found.size() == 1 ? "y" : "ies") + ": " + runDir
        + " does not verify");
    return RunCommand.EXIT_FAILED;
  }

  /** A RUN_DIR argument that names no folder is bad input. */
  static void requireFolder(Path runDir) throws BadInputException {
    if (!Files.isDirectory(runDir)) {
      throw new BadInputException(runDir + " is not a folder; name a run folder under results/");
    }
  }
}
