package io.iotkit.cli;

import io.iotkit.report.ComparisonReport;
import io.iotkit.report.StudyReport;
import io.iotkit.study.Study;
import io.iotkit.study.StudyTable;
import io.iotkit.study.StudyText;
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

/** Puts finished runs, or studies, side by side. */
@Command(name = "compare", mixinStandardHelpOptions = true, versionProvider = KitVersion.class,
    description = "Prints finished runs side by side (metric, checks, latencies) and writes the comparison as an"
        + " HTML page with charts. Given study folders (made by sweep), compares the studies instead: their tables"
        + " side by side per swept value, and charts with a line per study.")
final class CompareCommand implements Callable<Integer> {
  @Parameters(paramLabel = "RUN_DIR", arity = "2..*", description = "Two or more run folders under results/, or"
      + " two or more study folders.")
  List<Path> runDirs;

  @Option(names = {"-o", "--output"}, paramLabel = "FILE", defaultValue = "comparison.html",
      description = "Where the HTML comparison goes (default: ${DEFAULT-VALUE}).")
  Path output;

  @Override
  public Integer call() throws Exception {
    long studies = runDirs.stream().filter(Study::isStudy).count();
    if (studies > 0) {
      if (studies < runDirs.size()) {
        throw new BadInputException("compare takes run folders or study folders, not both: "
            + runDirs.stream().filter(d -> !Study.isStudy(d)).findFirst().orElseThrow() + " holds no "
            + Study.FILE + " but " + runDirs.stream().filter(Study::isStudy).findFirst().orElseThrow() + " does");
      }
      return compareStudies();
    }
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

  /** Studies side by side; they must sweep the same option. */
  private int compareStudies() throws Exception {
    List<StudyTable> tables = new ArrayList<>();
    for (Path dir : runDirs) {
      try {
        tables.add(StudyTable.read(dir));
      } catch (java.io.IOException e) {
        throw new BadInputException(dir.resolve(Study.FILE) + " is not a study this kit can read: "
            + String.valueOf(e.getMessage()).lines().findFirst().orElse(""));
      }
    }
    for (StudyTable t : tables) {
      if (t.swept() != tables.get(0).swept() || !t.axisLabel().equals(tables.get(0).axisLabel())) {
        throw new BadInputException("studies compare over the same swept option, but " + tables.get(0).name()
            + " sweeps " + tables.get(0).axisLabel() + " and " + t.name() + " sweeps " + t.axisLabel());
      }
    }
    System.out.print(StudyText.compare(tables));
    Path parent = output.toAbsolutePath().getParent();
    if (parent != null) {
      Files.createDirectories(parent);
    }
    Files.writeString(output, StudyReport.compare(tables), StandardCharsets.UTF_8);
    System.out.println("HTML comparison: " + output);
    return 0;
  }
}
