package io.iotkit.cli;

import io.iotkit.report.ResultWriter;
import io.iotkit.report.ResultWriter.Written;
import io.iotkit.report.RunReport;
import io.iotkit.result.Json;
import io.iotkit.result.RunFolder;
import io.iotkit.result.RunResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** Renders every report of a run again from its result.json. */
@Command(name = "report", mixinStandardHelpOptions = true,
    description = "Renders every report of a finished run again from its result.json (text, HTML, full disclosure"
        + " report, executive summary), prints the text report and the paths.")
final class ReportCommand implements Callable<Integer> {
  @Parameters(paramLabel = "RUN_DIR", description = "A run folder under results/.")
  Path runDir;

  @Override
  public Integer call() throws Exception {
    RunFolder folder = RunFolder.of(runDir);
    RunResult r = read(folder);
    Written written = ResultWriter.write(folder, r);
    folder.markComplete(); // result.json is written last of all by a run: with it, the run had finished
    System.out.print(RunReport.render(r));
    System.out.println();
    printPaths(folder, written);
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

  static void printPaths(RunFolder folder, Written w) {
    System.out.println("results:     " + folder.dir());
    if (w.htmlReport() != null) {
      System.out.println("HTML report: " + w.htmlReport());
    }
    System.out.println("text report: " + w.textReport());
    System.out.println("result.json: " + w.result());
  }
}
