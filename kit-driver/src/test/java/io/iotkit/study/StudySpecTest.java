package io.iotkit.study;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Which options a study sweeps, and the runs its points are. */
class StudySpecTest {
  private static StudySpec spec(List<String> b, List<String> p, List<String> threads, List<String> rates, Long k,
                                Long perSubstation) {
    return new StudySpec(b, p, threads, rates, null, null, k, perSubstation, null, null, null, "-Xmx512m", true, null,
        null, null);
  }

  @Test
  void pointsOfASubstationSweepScaleKWithP() {
    StudySpec s = spec(List.of("hbase"), List.of("1", "2", "4"), List.of("5"), null, null, 20_000L).validated();
    assertEquals(Swept.SUBSTATIONS, s.swept());
    List<StudySpec.Point> points = s.points();
    assertEquals(List.of("1", "2", "4"), points.stream().map(StudySpec.Point::value).toList());
    assertEquals(List.of("-b", "hbase", "-p", "4", "--threads", "5", "-k", "80000", "--instance-jvm-options=-Xmx512m",
        "--no-queries"), points.get(2).options());
  }

  @Test
  void aFixedKIsTheSameAtEveryPoint() {
    StudySpec s = spec(List.of("hbase", "kafka"), List.of("2"), null, null, 1000L, null).validated();
    assertEquals(Swept.BINDING, s.swept());
    assertEquals(List.of("-b", "kafka", "-p", "2", "-k", "1000", "--instance-jvm-options=-Xmx512m", "--no-queries"),
        s.points().get(1).options());
  }

  @Test
  void aSweepOfKRunsEachKAndReadsOlderStudiesOneK() throws Exception {
    StudySpec s = new StudySpec(List.of("mqtt"), List.of("1"), null, null, null, List.of("burst:30/950ms"),
        List.of("50000", "100000", "150000"), null, null, null, null, null, false, null, null, null, 1, null)
        .validated();
    assertEquals(Swept.KVPS, s.swept());
    assertTrue(s.numericAxis());
    assertEquals(List.of("-b", "mqtt", "-p", "1", "--arrivals", "burst:30/950ms", "-k", "150000"),
        s.points().get(2).options());
    assertEquals("-b mqtt -p 1 --arrivals burst:30/950ms -k 50000,100000,150000", s.describe().strip());
    StudySpec back = io.iotkit.model.Json.parse(new String(io.iotkit.model.Json.bytes(s),
        java.nio.charset.StandardCharsets.UTF_8), StudySpec.class);
    assertEquals(s, back, "study.json holds the values of K");
    StudySpec older = io.iotkit.model.Json.parse(new String(io.iotkit.model.Json.bytes(spec(List.of("hbase", "kafka"),
        List.of("2"), null, null, 1000L, null)), java.nio.charset.StandardCharsets.UTF_8)
        .replace("\"kvps\" : [ \"1000\" ]", "\"kvps\" : 1000"), StudySpec.class);
    assertEquals(List.of("1000"), older.kvps(), "study.json of earlier kits holds one K as a number");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new StudySpec(List.of("mqtt"),
        List.of("1"), null, null, null, null, List.of("50000", "0"), null, null, null, null, null, false, null, null,
        null, 1, null).validated());
    assertTrue(e.getMessage().startsWith("-k takes whole numbers of at least 1"), e.getMessage());
  }

  @Test
  void kvpSizeRangesAreSweptAsCategories() {
    StudySpec s = new StudySpec(List.of("mqtt"), List.of("1"), null, null, List.of("80-116", "1024"), null, 20_000L,
        null, null, null, null, null, false, null, null, null).validated();
    assertEquals(Swept.KVP_BYTES, s.swept());
    assertTrue(!s.numericAxis(), "a range is no number");
    assertEquals(List.of("-b", "mqtt", "-p", "1", "--kvp-bytes", "80-116", "-k", "20000"), s.points().get(0).options());
    assertThrows(IllegalArgumentException.class, () -> new StudySpec(List.of("mqtt"), List.of("1"), null, null,
        List.of("80-116", "116-80"), null, 20_000L, null, null, null, null, null, false, null, null, null).validated());
  }

  @Test
  void aSweepOfQueriesASecondPassesTheReadOnlyExecutionToEachRun() {
    StudySpec s = new StudySpec(List.of("mysql"), List.of("1"), null, null, null, null, List.of("20000"), null, null,
        null, null, null, false, null, null, null, 1, null, List.of(), null, List.of("1", "3", "10"), 30).validated();
    assertEquals(Swept.QUERIES_PER_SECOND, s.swept());
    assertTrue(s.numericAxis());
    assertEquals(List.of("-b", "mysql", "-p", "1", "--queries-per-second", "3", "-k", "20000", "--query-seconds",
        "30"), s.points().get(1).options());
    assertEquals("-b mysql -p 1 -k 20000 --queries-per-second 1,3,10 --query-seconds 30", s.describe().strip());
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new StudySpec(List.of("mysql"),
        List.of("1", "2"), null, null, null, null, List.of("20000"), null, null, null, null, null, false, null, null,
        null, 1, null, List.of(), null, List.of(), 30).validated());
    assertEquals("--query-seconds goes with --queries-per-second: give both, or neither", e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> new StudySpec(List.of("mysql"), List.of("1"), null, null,
        null, null, List.of("20000"), null, null, null, null, null, false, null, null, null, 1, null, List.of(), null,
        List.of("0", "3"), null).validated());
    assertTrue(e.getMessage().startsWith("--queries-per-second takes whole numbers of at least 1"), e.getMessage());
  }

  @Test
  void twoListsAreBadInputInOneLine() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> spec(List.of("hbase"), List.of("1", "2"), null, List.of("100", "200"), 1000L, null).validated());
    assertEquals("a study sweeps one parameter, but -p and --rate both list several values: give all but one of"
        + " them a single value", e.getMessage());
  }

  @Test
  void otherBadInput() {
    assertTrue(assertThrows(IllegalArgumentException.class,
        () -> spec(List.of("hbase"), List.of("1"), null, null, 1000L, null).validated()).getMessage()
        .startsWith("nothing to sweep"));
    assertTrue(assertThrows(IllegalArgumentException.class,
        () -> spec(List.of("hbase"), List.of("1", "2"), null, null, 1000L, 10L).validated()).getMessage()
        .startsWith("give either -k K"));
    assertTrue(assertThrows(IllegalArgumentException.class,
        () -> spec(List.of("hbase"), List.of("1", "2"), null, null, null, null).validated()).getMessage()
        .startsWith("give either -k K"));
    assertTrue(assertThrows(IllegalArgumentException.class,
        () -> spec(List.of("hbase"), List.of("1", "1"), null, null, 5L, null).validated()).getMessage()
        .startsWith("-p lists a value twice"));
    assertTrue(assertThrows(IllegalArgumentException.class,
        () -> spec(List.of("hbase"), List.of("1", "0"), null, null, 5L, null).validated()).getMessage()
        .startsWith("-p takes whole numbers of at least 1"));
  }

  @Test
  void repeatedPointsRunInTurnsSoADriftingMachineMovesThemAlike() {
    StudySpec s = new StudySpec(List.of("hbase"), List.of("1", "2"), null, null, null, null, 1000L, null, null, null,
        null, null, false, null, null, null, 3).validated();
    assertEquals(List.of("1#1", "2#1", "1#2", "2#2", "1#3", "2#3"),
        s.runs().stream().map(r -> r.point().value() + "#" + r.repetition()).toList());
    assertEquals("-b hbase -p 1,2 -k 1000 --repeat 3", s.describe());
    assertEquals(spec(List.of("hbase"), List.of("1", "2"), null, null, 1000L, null),
        new StudySpec(List.of("hbase"), List.of("1", "2"), null, null, null, null, 1000L, null, null, null, null,
            "-Xmx512m", true, null, null, null, null), "a study.json without --repeat ran each point once");
    assertEquals("--repeat takes 1 to 100 runs of each point, not 0", assertThrows(IllegalArgumentException.class,
        () -> new StudySpec(List.of("hbase"), List.of("1", "2"), null, null, null, null, 1000L, null, null, null,
            null, null, false, null, null, null, 0).validated()).getMessage());
  }

  @Test
  void aRateSearchStartsUnpacedAndSizesEachProbeByItsRate() {
    RateSearch search = new RateSearch(250, 0.05, 8, 20);
    StudySpec s = search(List.of("2"), null, search).validated();
    assertEquals(Swept.RATE, s.swept());
    assertEquals(List.of(), s.values(), "the probes choose the values");
    assertEquals(List.of(new StudySpec.Point("0", List.of("-b", "kafka", "-p", "2", "--rate", "0", "-k", "40000"))),
        s.points(), "one given point: the unpaced run, with the study's K");
    assertEquals(new StudySpec.Point("1500", List.of("-b", "kafka", "-p", "2", "--rate", "1500", "-k", "60000")),
        s.probe(1500), "K = 1,500 kvps/s x 2 instances x 20 s");
    assertEquals("-b kafka -p 2 --kvps-per-substation 20000 --find-rate --ingest-p99-limit 250ms --precision 5"
        + " --max-probes 8 --probe-seconds 20", s.describe());
    assertEquals("--find-rate chooses each probe's --rate itself: give no --rate", assertThrows(
        IllegalArgumentException.class, () -> search(List.of("2"), List.of("100"), search).validated()).getMessage());
    assertEquals("--find-rate searches the rate at one setting, but -p lists several values: give it one",
        assertThrows(IllegalArgumentException.class, () -> search(List.of("1", "2"), null, search).validated())
            .getMessage());
    assertEquals("--precision must be a percentage above 0 and below 100, e.g. 5", assertThrows(
        IllegalArgumentException.class, () -> search(List.of("2"), null, new RateSearch(250, 0, 8, 20)).validated())
        .getMessage());
  }

  private static StudySpec search(List<String> p, List<String> rates, RateSearch search) {
    return new StudySpec(List.of("kafka"), p, null, rates, null, null, List.of(), 20_000L, null, null, null, null,
        false, null, null, null, 1, search);
  }

  @Test
  void describeReadsLikeTheCommand() {
    assertEquals("-b hbase -p 1,2 --kvps-per-substation 20000 --instance-jvm-options '-Xmx512m' --no-queries",
        spec(List.of("hbase"), List.of("1", "2"), null, null, null, 20_000L).validated().describe());
  }

  @Test
  void aBindingPropertySweepRunsEachValueLaidOverTheFile() {
    StudySpec s = new StudySpec(List.of("mysql"), List.of("2"), null, null, null, null, 1000L, null,
        "/kit/workloads/mysql.properties", null, null, null, false,
        PropertySweep.parse("mysql.batch.size=1, 10,100"), null, null).validated();
    assertEquals(Swept.BINDING_PROPERTY, s.swept());
    assertEquals("mysql.batch.size", s.axisLabel(), "the axis is named after the property");
    assertTrue(s.numericAxis());
    assertEquals(List.of("1", "10", "100"), s.values());
    assertEquals(List.of("-b", "mysql", "-p", "2", "--binding-property", "mysql.batch.size=10", "-k", "1000",
        "--binding-properties", "/kit/workloads/mysql.properties"), s.points().get(1).options());
    assertEquals("-b mysql -p 2 --binding-property mysql.batch.size=1,10,100 -k 1000 --binding-properties"
        + " /kit/workloads/mysql.properties", s.describe());
    StudySpec names = new StudySpec(List.of("influxdb"), List.of("2"), null, null, null, null, 1000L, null, null, null,
        null, null, false, PropertySweep.parse("influxdb.consistency=one,all"), null, null).validated();
    assertTrue(!names.numericAxis(), "names are categories");
  }

  @Test
  void aBindingPropertyWithoutKeyOrACredentialIsBadInput() {
    assertEquals("--binding-property takes KEY=VALUE[,VALUE...], e.g. mysql.batch.size=1,10,100; '10,100' is not"
        + " one", assertThrows(IllegalArgumentException.class, () -> PropertySweep.parse("10,100")).getMessage());
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new StudySpec(List.of("mysql"),
        List.of("1"), null, null, null, null, 1000L, null, null, null, null, null, false,
        PropertySweep.parse("mysql.password=a,b"), null, null).validated());
    assertEquals("--binding-property mysql.password: credentials belong in the binding properties file, never on a"
        + " command line, which process lists show", e.getMessage());
  }

  @Test
  void aSweepOfTheSutsCpusRunsEachPointConfinedAndPassesItsMemoryOn() {
    StudySpec s = new StudySpec(List.of("kafka"), List.of("1"), null, null, null, null, 1000L, null, null, 3, null,
        null, false, null, List.of("0.5", "1", "1.5"), "4g").validated();
    assertEquals(Swept.SUT_CPUS, s.swept());
    assertTrue(s.numericAxis(), "CPUs are drawn on a numeric axis");
    assertEquals(List.of("-b", "kafka", "-p", "1", "--sut-cpus", "1.5", "-k", "1000", "--sut-nodes", "3",
        "--sut-memory", "4g"), s.points().get(2).options());
    assertEquals("-b kafka -p 1 --sut-cpus 0.5,1,1.5 -k 1000 --sut-nodes 3 --sut-memory 4g", s.describe());
  }

  @Test
  void aCpuCountThatIsNotAboveZeroIsBadInput() {
    for (String bad : List.of("0", "-1", "half", "Infinity")) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new StudySpec(List.of("kafka"),
          List.of("1"), null, null, null, null, 1000L, null, null, null, null, null, false, null,
          List.of("0.5", bad), null).validated());
      assertEquals("--sut-cpus takes CPU counts above 0 (fractions allowed, e.g. 0.5,1,2), comma-separated; '" + bad
          + "' is not one", e.getMessage());
    }
  }

  private static StudySpec clients(List<String> p, List<String> threads, List<String> clients, Long perClient) {
    return new StudySpec(List.of("mysql"), p, threads, null, null, null, List.of("100000"), null, null, null, null,
        null, false, null, null, null, 1, null, clients, perClient);
  }

  /** 10, 50 and 100 clients are one instance; 500 are four of 125; each paced at its threads' rate. */
  @Test
  void clientsRunAsTheFewestInstancesThatHoldThemEvenly() {
    StudySpec s = clients(List.of("1"), null, List.of("10", "50", "100", "500"), 20L).validated();
    assertEquals(Swept.CLIENTS, s.swept());
    assertTrue(s.numericAxis());
    assertEquals(List.of("-b", "mysql", "-p", "1", "--threads", "10", "--rate", "200", "-k", "100000"),
        s.points().get(0).options());
    assertEquals(List.of("-b", "mysql", "-p", "4", "--threads", "125", "--rate", "2500", "-k", "100000"),
        s.points().get(3).options());
    assertEquals("-b mysql -k 100000 --clients 10,50,100,500 --rate-per-client 20", s.describe());
    assertEquals(List.of("-b", "mysql", "-p", "2", "--threads", "150", "-k", "100000"),
        clients(List.of(), null, List.of("300", "1"), null).validated().points().get(0).options(), "unpaced");
    assertEquals(List.of(3, 134), java.util.Arrays.stream(StudySpec.split(402)).boxed().toList());
  }

  @Test
  void clientsThatDoNotSplitOrComeWithPOrThreadsAreBadInput() {
    assertEquals("--clients 401 does not split evenly over 3 to 6 instances of at most 200 threads: give a count"
        + " divisible by one of them", assertThrows(IllegalArgumentException.class,
            () -> clients(List.of("1"), null, List.of("10", "401"), null).validated()).getMessage());
    assertTrue(assertThrows(IllegalArgumentException.class, () -> clients(List.of("2"), null, List.of("10", "20"),
        null).validated()).getMessage().startsWith("--clients chooses each point's -p and --threads"));
    assertTrue(assertThrows(IllegalArgumentException.class, () -> clients(List.of("1"), List.of("5"),
        List.of("10", "20"), null).validated()).getMessage().startsWith("--clients chooses"));
    assertTrue(assertThrows(IllegalArgumentException.class, () -> clients(List.of("1", "2"), null, null, 5L)
        .validated()).getMessage().startsWith("--rate-per-client paces the clients of --clients"));
  }
}
