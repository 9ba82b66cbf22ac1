package io.iotkit.cli;

import io.iotkit.report.ResultWriter;
import io.iotkit.report.RunReport;
import io.iotkit.result.Json;
import io.iotkit.result.RunResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** Renders a run's report again from its run.json. */
@Command(name = "report", mixinStandardHelpOptions = true,
    description = "Renders the report of a finished run again from its run.json, and prints it.")
final class ReportCommand implements Callable<Integer> {
  @Parameters(paramLabel = "RUN_DIR", description = "A run folder under results/.")
  Path runDir;

  @Override
  public Integer call() throws Exception {
    Path json = runDir.resolve("run.json");
    if (!Files.isRegularFile(json)) {
      throw new BadInputException(runDir + " holds no run.json; name a folder under results/");
    }
    RunResult r = Json.read(json, RunResult.class);
    ResultWriter.write(runDir, r);
    System.out.print(RunReport.render(r));
    return 0;
  }
}
