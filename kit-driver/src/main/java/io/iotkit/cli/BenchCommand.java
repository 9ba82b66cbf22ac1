package io.iotkit.cli;

import io.iotkit.bench.Bench;
import io.iotkit.binding.BindingProvider;
import io.iotkit.model.BenchResult;
import io.iotkit.model.Json;
import io.iotkit.model.KitLayout;
import io.iotkit.report.BenchReport;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** The kit's benchmark of itself: {@code tpcx-iot.sh bench}. */
@Command(name = "bench", mixinStandardHelpOptions = true, sortOptions = false,
    description = "Benchmarks the kit on this machine, in one JVM, against references: generation of 1 KB readings"
        + " into the sink binding against YCSB's CoreWorkload with as many threads, and the kit's insert path with"
        + " measurement (histograms, per-second sampling) on against off. Prints each figure with its ratio and"
        + " writes bench.json and bench.html. Ratios, not absolute rates, are what it reports.")
final class BenchCommand implements Callable<Integer> {
  static final String JSON = "bench.json";
  static final String HTML = "bench.html";

  @Option(names = "--threads", split = ",", defaultValue = "1,2", paramLabel = "N[,N...]",
      description = "Thread counts, each measured on both sides (default: ${DEFAULT-VALUE}).")
  List<Integer> threads;

  @Option(names = "--rounds", defaultValue = "5", paramLabel = "R",
      description = "Measured rounds per side of each figure, after warmup rounds (default: ${DEFAULT-VALUE}).")
  int rounds;

  @Option(names = "--round-seconds", defaultValue = "1", paramLabel = "S",
      description = "About how long one round of one side lasts (default: ${DEFAULT-VALUE}).")
  double roundSeconds;

  @Option(names = "--out", paramLabel = "DIR",
      description = "Folder for bench.json and bench.html (default: results/bench-<local time>).")
  Path out;

  @Option(names = "--kit-home", hidden = true, defaultValue = "${sys:kit.home:-.}")
  Path kitHome;

  @Override
  public Integer call() throws Exception {
    if (threads.isEmpty() || threads.stream().anyMatch(t -> t < 1)) {
      throw new BadInputException("--threads: each thread count must be 1 or more, got " + threads);
    }
    if (rounds < 1) {
      throw new BadInputException("--rounds: must be 1 or more, got " + rounds);
    }
    if (!(roundSeconds > 0) || roundSeconds > 3600) {
      throw new BadInputException("--round-seconds: must be above 0 and at most 3600, got " + roundSeconds);
    }
    KitLayout kit = new KitLayout(kitHome);
    BindingProvider sink = BindingChoice.load(kit, "null");
    Path dir = out != null ? out : kit.home().resolve("results")
        .resolve("bench-" + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")));
    Files.createDirectories(dir);
    System.out.println("kit benchmark: " + rounds + " rounds of about " + roundSeconds + " s per side");
    BenchResult result = Bench.run(Bench.serverFree(sink, threads), rounds, roundSeconds, System.out::println);
    Json.write(dir.resolve(JSON), result);
    Files.writeString(dir.resolve(HTML), BenchReport.html(result), StandardCharsets.UTF_8);
    System.out.println();
    System.out.print(BenchReport.text(result));
    System.out.println();
    System.out.println("bench.json: " + dir.resolve(JSON));
    System.out.println("bench.html: " + dir.resolve(HTML));
    return 0;
  }
}
