package io.iotkit.cli;

import io.iotkit.report.ComparisonReport;
import io.iotkit.result.RunFolder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** Puts finished runs side by side. */
@Command(name = "compare", mixinStandardHelpOptions = true,
    description = "Prints finished runs side by side (metric, checks, latencies) and writes the comparison as an"
        + " HTML page with charts.")
final class CompareCommand implements Callable<Integer> {
  @Parameters(paramLabel = "RUN_DIR", arity = "2..*", description = "Two or more run folders under results/.")
  List<Path> runDirs;

  @Option(names = {"-o", "--output"}, paramLabel = "FILE", defaultValue = "comparison.html",
      description = "Where the HTML comparison goes (default: ${DEFAULT-VALUE}).")
  Path output;

  @Override
  public Integer call() throws Exception {
    List<ComparisonReport.Run> runs = new ArrayList<>();
    for (Path dir : runDirs) {
      runs.add(new ComparisonReport.Run(dir.getFileName().toString(), ReportCommand.read(RunFolder.of(dir))));
    }
    System.out.print(ComparisonReport.text(runs));
    Path parent = output.toAbsolutePath().getParent();
    if (parent != null) {
      Files.createDirectories(parent);
    }
    Files.writeString(output, ComparisonReport.html(runs), StandardCharsets.UTF_8);
    System.out.println();
    System.out.println("HTML comparison: " + output);
    return 0;
  }
}
