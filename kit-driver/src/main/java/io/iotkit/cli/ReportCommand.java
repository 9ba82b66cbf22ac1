package io.iotkit.cli;

import io.iotkit.audit.Discrepancy;
import io.iotkit.audit.RunManifest;
import io.iotkit.disclosure.Disclosure;
import io.iotkit.model.Json;
import io.iotkit.model.RunResult;
import io.iotkit.report.ResultWriter.Written;
import io.iotkit.report.ResultWriter;
import io.iotkit.report.RunReport;
import io.iotkit.result.RunFolder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** Renders every report of a run again from its result.json. */
@Command(name = "report", mixinStandardHelpOptions = true, versionProvider = KitVersion.class,
    description = "Renders every report of a finished run again from its result.json (text, HTML, full disclosure"
        + " report, executive summary), prints the text report and the paths.")
final class ReportCommand implements Callable<Integer> {
  @Parameters(paramLabel = "RUN_DIR", description = "A run folder under results/.")
  Path runDir;

  @Option(names = "--screenshot", description = "Also save a PNG of the HTML report; needs Chromium.")
  boolean screenshot;

  @Mixin
  KitHomeOption kitHome = new KitHomeOption();

  @Override
  public Integer call() throws Exception {
    RunFolder folder = RunFolder.of(runDir);
    RunResult r = read(folder);
    Path templates = kitHome.layout().fdrTemplates();
    Optional<RunManifest> manifest = matchingManifest(folder, ResultWriter.documents(folder.dir(), r, templates)
        .keySet());
    Written written = ResultWriter.write(folder, r, templates);
    // A run writes result.json only once it has ended; the reports made again from it make the folder whole.
    folder.markComplete();
    System.out.print(RunReport.render(r));
    System.out.println();
    printPaths(folder, r, written, screenshot);
    if (manifest.isPresent()) {
      // the documents came out as they were; only a screenshot may have been added
      manifest.get().redigested(folder.dir()).write(folder.dir());
    } else {
      System.err.println(RunCommand.NAME + " report: " + folder.dir() + " has no " + RunManifest.FILE
          + ", so nothing shows its files are as a run left them; verify will say so");
    }
    return 0;
  }

  /**
   * The folder's manifest, when every file still matches it. A folder changed since its run is refused: documents
   * rendered again from an edited result would carry its figures as if measured. The documents it renders may be
   * missing: they are made again.
   */
  private static Optional<RunManifest> matchingManifest(RunFolder folder, Set<String> rendered)
      throws IOException, BadInputException {
    Optional<RunManifest> m = RunManifest.read(folder.dir());
    if (m.isPresent()) {
      List<Discrepancy> differ = m.get().differences(folder.dir(), rendered);
      if (!differ.isEmpty()) {
        throw new BadInputException(folder.dir() + " does not match its manifest " + RunManifest.FILE + " ("
            + differ.size() + " file(s), first " + differ.get(0).line() + "), so its reports are not made again;"
            + " run verify " + folder.dir() + " to see every difference");
      }
    }
    return m;
  }

  /** A run folder's result; bad input if the folder holds none. */
  static RunResult read(RunFolder folder) throws BadInputException, IOException {
    Path json = folder.file(RunFolder.RESULT);
    if (!Files.isRegularFile(json)) {
      throw new BadInputException(folder.dir() + " holds no " + RunFolder.RESULT + (folder.complete() ? ""
          : " (the run did not finish)") + "; name a finished run's folder under results/");
    }
    try {
      return Json.read(json, RunResult.class);
    } catch (IOException e) {
      throw new BadInputException(json + " is not a result this kit can read: " + e.getMessage().lines()
          .findFirst().orElse(""));
    }
  }

  /** Ends a run or a report with where everything is; with {@code screenshot}, takes the PNG first. */
  static void printPaths(RunFolder folder, RunResult r, Written w, boolean screenshot) {
    System.out.println("results folder:          " + folder.dir());
    System.out.println("HTML report:             " + w.htmlReport());
    System.out.println("full disclosure report:  " + w.fdrHtml()); // Markdown versions beside each
    System.out.println("executive summary:       " + w.summaryHtml());
    System.out.println("result.json:             " + w.result());
    if (screenshot) {
      try {
        System.out.println("screenshot:              " + ResultWriter.screenshot(folder));
      } catch (IOException e) {
        System.err.println(RunCommand.NAME + ": the screenshot was not taken: " + e.getMessage());
      }
    }
    List<String> missing = Disclosure.missingFields(r);
    if (!missing.isEmpty()) {
      System.out.println("the FDR lacks " + missing.size() + " sponsor field(s), marked MISSING in it: "
          + String.join(", ", missing.subList(0, Math.min(5, missing.size()))) + (missing.size() > 5 ? ", ..." : ""));
    }
  }
}
