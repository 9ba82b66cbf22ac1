package io.iotkit.cli;

import io.iotkit.model.KitLayout;
import io.iotkit.model.KitRelease;
import io.iotkit.report.HeadlessChromium;
import io.iotkit.report.StudyReport;
import io.iotkit.result.RunFolder;
import io.iotkit.study.PropertySweep;
import io.iotkit.study.RateSearch;
import io.iotkit.study.ScoreWeights;
import io.iotkit.study.Study;
import io.iotkit.study.StudySpec;
import io.iotkit.study.StudyTable;
import io.iotkit.study.StudyText;
import io.iotkit.study.Sweep;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * A study over one swept run option: {@code tpcx-iot.sh sweep -p 1,2,4 --kvps-per-substation N}, or over one binding
 * property: {@code tpcx-iot.sh sweep -b mysql --binding-property mysql.batch.size=1,10,100 -k K}, or a search for
 * the highest rate under a latency limit: {@code tpcx-iot.sh sweep -b kafka -p 2 -k K --find-rate
 * --ingest-p99-limit 250ms}.
 */
@Command(name = "sweep", mixinStandardHelpOptions = true, versionProvider = KitVersion.class, sortOptions = false, usageHelpAutoWidth = true,
    description = "Runs a study over one parameter: one full run of the kit per value of the one option that lists"
        + " several (comma-separated), each in its own run folder under the study folder's runs/, then writes the"
        + " study's table (table.txt, table.csv) and its page with charts (study.html). With --find-rate it searches"
        + " the rate instead: the highest offered rate the store achieves within an ingest p99 limit. Run the same"
        + " command with the same --study again to resume: only points without a completed run are run.",
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {"0:every point has a completed run (a rate search: it ended with its bracket)",
        "1:a point's run failed (the others ran; the study says which), or a kit error",
        "2:bad input (options, or --study names a study made with other options)"})
final class SweepCommand implements Callable<Integer> {
  @Option(names = {"-b", "--binding"}, defaultValue = "hbase", paramLabel = "NAME[,NAME...]",
      description = "Store binding(s) (default: ${DEFAULT-VALUE}).")
  String bindings;

  @Option(names = {"-p", "--substations"}, defaultValue = "1", paramLabel = "P[,P...]",
      description = "Substations (driver instances) (default: ${DEFAULT-VALUE}).")
  String substations;

  @Option(names = "--threads", paramLabel = "N[,N...]", description = "Insert threads per instance (default: the run's).")
  String threads;

  @Option(names = "--clients", paramLabel = "N[,N...]", description = "Insert threads over all instances, in place"
      + " of -p and --threads: each point runs the fewest instances of at most 200 threads that hold N evenly (500:"
      + " 4 x 125).")
  String clients;

  @Option(names = "--rate-per-client", paramLabel = "KVPS", description = "With --clients: pace each client (insert"
      + " thread) at KVPS kvps/s, so a point's rate grows with its clients.")
  Long ratePerClient;

  @Option(names = "--rate", paramLabel = "KVPS[,KVPS...]",
      description = "kvps/s per instance, paced; a sweep of it gives latency against offered load and the"
          + " saturation point (default: unpaced).")
  String rates;

  @Option(names = "--kvp-bytes", paramLabel = "B[,B...]", description = "Bytes per reading, B or MIN-MAX (each"
      + " reading's size drawn from the range) (default: the run's).")
  String kvpBytes;

  @Option(names = "--arrivals", paramLabel = "X[,X...]", description = "Arrival schedule: fixed or gaussian with"
      + " --rate, burst:N/Tms without (default: the run's).")
  String arrivals;

  @Option(names = "--sut-cpus", paramLabel = "N[,N...]",
      description = "CPUs the kit's local SUT is confined to (fractions allowed); a sweep of it, e.g. 0.5,1,1.5,2,"
          + " gives the store's IoTps per CPU (default: unconfined).")
  String sutCpus;

  @Option(names = "--sut-memory", paramLabel = "SIZE", description = "Passed to every run.")
  String sutMemory;

  @Option(names = {"-k", "--kvps"}, paramLabel = "K[,K...]",
      description = "kvps per workload execution, the same at every point, or several to sweep K (does the store's"
          + " rate hold as executions grow?).")
  String kvps;

  @Option(names = "--kvps-per-substation", paramLabel = "N",
      description = "kvps per execution per substation: K = N x P, so executions stay comparable as P grows.")
  Long kvpsPerSubstation;

  @Option(names = "--binding-properties", paramLabel = "FILE", description = "Passed to every run.")
  Path bindingProperties;

  @Option(names = "--binding-property", paramLabel = "KEY=VALUE[,VALUE...]",
      description = "One binding property laid over the file's, e.g. mysql.batch.size=1,10,100 (individual against"
          + " bulk writes); each point's value is in its run's result and FDR.")
  String bindingProperty;

  @Option(names = "--sut-nodes", paramLabel = "N", description = "Passed to every run.")
  Integer sutNodes;

  @Option(names = "--hosts", paramLabel = "FILE", description = "Passed to every run.")
  Path hosts;

  @Option(names = "--instance-jvm-options", paramLabel = "OPTS", description = "Passed to every run.")
  String instanceJvmOptions;

  @Option(names = "--no-queries", description = "Passed to every run: ingest only.")
  boolean noQueries;

  @Option(names = "--queries-per-second", paramLabel = "Q[,Q...]", description = "A read-only execution after each"
      + " measured run: Q dashboard queries a second per instance against the stored readings (see run); a sweep of"
      + " it gives the read side's latency and resources against offered queries.")
  String queriesPerSecond;

  @Option(names = "--query-seconds", paramLabel = "S", description = "How long each read-only execution runs"
      + " (default: the run's).")
  Integer querySeconds;

  @Option(names = "--consume-stored", description = "Passed to every run: a consumer-only read of each iteration's"
      + " stored readings (Kafka).")
  boolean consumeStored;

  @Option(names = "--repeat", paramLabel = "N", defaultValue = "1",
      description = "Runs of each point, made in turns (every point once, then every point again, ...), so a machine"
          + " that drifts over the study moves every point alike; the table gives each point's median IoTps with a"
          + " 95 %% bootstrap interval and the runs' range (default: ${DEFAULT-VALUE}).")
  int repeat;

  @Option(names = "--find-rate", description = "Instead of sweeping given values, search for the highest offered"
      + " rate the store achieves (at least 95 %%) with the ingest p99 of every second after a probe's first 10 s"
      + " within --ingest-p99-limit: one unpaced run gives the ceiling, then short paced runs (probes) bisect the rate"
      + " per instance until the bracket is within --precision. -k (or --kvps-per-substation) sizes the unpaced run;"
      + " every other option takes one value.")
  boolean findRate;

  @Option(names = "--ingest-p99-limit", paramLabel = "TIME",
      description = "With --find-rate: the limit on the ingest p99 (scheduled time to acknowledgement) of each second"
          + " of a probe after its first 10 s, e.g. 250ms or 1s.")
  String ingestP99Limit;

  @Option(names = "--precision", paramLabel = "PERCENT", defaultValue = "5",
      description = "With --find-rate: the search ends once its bracket is at most this share of its upper end wide"
          + " (default: ${DEFAULT-VALUE}).")
  double precision;

  @Option(names = "--max-probes", paramLabel = "N", defaultValue = "10",
      description = "With --find-rate: the most paced probes it makes (default: ${DEFAULT-VALUE}).")
  int maxProbes;

  @Option(names = "--probe-seconds", paramLabel = "S", defaultValue = "30",
      description = "With --find-rate: about how long each probe's workload executions last, at least 20; a probe at R"
          + " kvps/s per instance ingests K = R x P x S per execution (default: ${DEFAULT-VALUE}).")
  long probeSeconds;

  @Option(names = "--weights", paramLabel = "FILE", description = "Rank the points by a weighted score over their"
      + " figures (a JSON file: {\"weights\": {\"sutCpu\": 3, ...}, \"source\": \"...\"}); kept in study.json."
      + " With --study on a finished study it scores it again without running anything.")
  Path weights;

  @Option(names = "--study", paramLabel = "DIR",
      description = "The study folder; name an existing one to resume it (default: <results>/study-<time>).")
  Path study;

  @Option(names = "--results", paramLabel = "DIR",
      description = "Folder in which a new study folder is made (default: results).")
  Path results;

  @Option(names = "--screenshot", description = "Also save study.png of the study's page; needs Chromium.")
  boolean screenshot;

  @Mixin
  MetricsOptions metrics = new MetricsOptions();

  @Mixin
  KitHomeOption kitHome = new KitHomeOption();

  @Override
  public Integer call() throws Exception {
    KitLayout kit = kitHome.layout();
    boolean serve = metrics.checkFree(); // each point's run serves the endpoint in its turn, labelled with its point
    StudySpec spec;
    try {
      spec = new StudySpec(list(bindings), list(substations), list(threads), list(rates), list(kvpBytes),
          list(arrivals), list(kvps), kvpsPerSubstation, file(bindingProperties, "binding properties"), sutNodes,
          file(hosts, "host list"), instanceJvmOptions, noQueries,
          bindingProperty == null ? null : PropertySweep.parse(bindingProperty), list(sutCpus), sutMemory, repeat,
          rateSearch(), list(clients), ratePerClient, list(queriesPerSecond), querySeconds, consumeStored).validated();
    } catch (IllegalArgumentException e) {
      throw new BadInputException(e.getMessage());
    }
    ScoreWeights scoreWeights;
    try {
      scoreWeights = weights == null ? null : ScoreWeights.read(weights);
    } catch (IllegalArgumentException e) {
      throw new BadInputException(e.getMessage());
    }
    if (screenshot && HeadlessChromium.find().isEmpty()) {
      throw new BadInputException("--screenshot needs Chromium, and none was found: install it (Debian: apt-get"
          + " install chromium) or set " + HeadlessChromium.ENV + " to its binary");
    }
    if (study != null && results != null) {
      throw new BadInputException("give --study DIR or --results DIR, not both: --results only says where a new"
          + " study folder goes");
    }
    Path dir = study != null ? study : (results != null ? results : kit.home().resolve("results"))
        .resolve("study-" + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")));
    Path launcher = kit.home().resolve("bin/tpcx-iot.sh");
    if (!Files.isExecutable(launcher)) {
      throw new IOException("the kit's launcher " + launcher + " is missing or not executable");
    }
    Study s;
    try {
      s = Study.openOrCreate(dir.toAbsolutePath().normalize(), spec, KitRelease.of(kit.home()).text());
    } catch (Study.MismatchException e) {
      throw new BadInputException(e.getMessage());
    }
    if (scoreWeights != null) {
      s.weigh(scoreWeights);
    }
    int todo = s.toRun().size();
    if (spec.rateSearch() != null) {
      System.out.printf(Locale.ROOT, "study %s: %s: an unpaced run, then at most %d paced probes of about %d s per"
          + " execution%n", s.dir(), spec.rateSearch().goal(), maxProbes, probeSeconds);
    } else {
      System.out.printf("study %s: %s over %s: %d point(s)%s, %d run(s) to make%n", s.dir(), spec.axisLabel(),
          String.join(", ", spec.values()), spec.values().size(),
          spec.repeat() > 1 ? " x " + spec.repeat() + " runs each" : "", todo);
    }
    // On Ctrl-C or kill, the point's run (and everything it started) ends with the study, and stays marked running.
    Sweep sweep = new Sweep(s, launcher, System.out,
        serve ? point -> metrics.forRun(Map.of("point", point)) : point -> List.of());
    StopHook stop = StopHook.install(sweep::stop);
    int failed = sweep.run();
    stop.remove();

    StudyTable table = StudyTable.read(s.dir());
    RunFolder folder = RunFolder.of(s.dir());
    String text = StudyText.text(table);
    Path txt = folder.writeAtomically("table.txt", text);
    Path csv = folder.writeAtomically("table.csv", StudyText.csv(table));
    Path html = folder.writeAtomically("study.html", StudyReport.html(table));
    System.out.println();
    System.out.print(text);
    System.out.println("study folder:  " + s.dir());
    System.out.println("study.json:    " + s.dir().resolve(Study.FILE));
    System.out.println("table:         " + txt + " and " + csv.getFileName());
    System.out.println("HTML page:     " + html);
    if (screenshot) {
      Path png = s.dir().resolve("study.png");
      try {
        // tall enough for the page's charts and tables, without a long white tail below them
        int height = 700 + 430 * StudyReport.chartIds(table).size() + 5 * 34 * table.rows().size();
        HeadlessChromium.locate().screenshot(html, png, 1280, height);
        System.out.println("screenshot:    " + png);
      } catch (IOException e) {
        System.err.println(RunCommand.NAME + ": the screenshot was not taken: " + e.getMessage());
      }
    }
    if (failed > 0) {
      System.err.println(RunCommand.NAME + " sweep: " + failed + " point(s) failed; run the same command again to"
          + " retry them (study: " + s.dir() + ")");
      return RunCommand.EXIT_FAILED;
    }
    return RunCommand.EXIT_OK;
  }

  /** The rate search --find-rate asks for, or null; its settings without it are bad input. */
  private RateSearch rateSearch() {
    if (!findRate) {
      if (ingestP99Limit != null) {
        throw new IllegalArgumentException("--ingest-p99-limit goes with --find-rate, the search it limits");
      }
      return null;
    }
    if (ingestP99Limit == null) {
      throw new IllegalArgumentException("--find-rate needs --ingest-p99-limit TIME, e.g. 250ms: the latency a"
          + " probe's ingest p99 must stay within");
    }
    return new RateSearch(milliseconds(ingestP99Limit), precision / 100, maxProbes, probeSeconds);
  }

  /** "250ms", "0.5s" or "250" (ms) in milliseconds. */
  static double milliseconds(String time) {
    Matcher m = TIME.matcher(time.trim());
    if (!m.matches()) {
      throw new IllegalArgumentException("--ingest-p99-limit takes a time such as 250ms or 1s, not '" + time + "'");
    }
    double n = Double.parseDouble(m.group(1));
    return "s".equals(m.group(2)) ? n * 1000 : n;
  }

  private static final Pattern TIME = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(ms|s)?");

  /** A comma-separated list; empty when the option was not given. */
  static List<String> list(String values) {
    if (values == null) {
      return List.of();
    }
    return Arrays.stream(values.split(",", -1)).map(String::trim).toList();
  }

  private static String file(Path p, String what) {
    if (p == null) {
      return null;
    }
    if (!Files.isRegularFile(p)) {
      throw new IllegalArgumentException(what + " file " + p + " does not exist");
    }
    return p.toAbsolutePath().normalize().toString();
  }
}
