package io.iotkit.cli;

import io.iotkit.disclosure.Disclosure;
import io.iotkit.model.Json;
import io.iotkit.model.KitLayout;
import io.iotkit.model.RunResult;
import io.iotkit.report.ResultWriter.Written;
import io.iotkit.report.ResultWriter;
import io.iotkit.report.RunReport;
import io.iotkit.result.RunFolder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
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

  @Option(names = "--kit-home", hidden = true, defaultValue = "${sys:kit.home:-.}")
  Path kitHome;

  @Override
  public Integer call() throws Exception {
    RunFolder folder = RunFolder.of(runDir);
    RunResult r = read(folder);
    Written written = ResultWriter.write(folder, r, new KitLayout(kitHome).fdrTemplates());
    // A run writes result.json only once it has ended; the reports made again from it make the folder whole.
    folder.markComplete();
    System.out.print(RunReport.render(r));
    System.out.println();
    printPaths(folder, r, written, screenshot);
    return 0;
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
