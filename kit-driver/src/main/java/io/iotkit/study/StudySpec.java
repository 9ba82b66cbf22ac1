package io.iotkit.study;

import com.fasterxml.jackson.annotation.JsonFormat;
import io.iotkit.binding.SecretNames;
import io.iotkit.model.KvpSize;
import io.iotkit.model.ReadOnlyQueries;
import io.iotkit.model.WorkloadSpec;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * What a study was asked to do, as kept in study.json: the values of each run option (one of them several, the
 * swept one), how many kvps each execution ingests, and the options every point passes on unchanged. Two
 * studies with equal specs are the same study, which is how a study resumes.
 *
 * @param bindings {@code -b}: store bindings
 * @param substations {@code -p}: substations (driver instances)
 * @param threads {@code --threads}: insert threads per instance; empty for the run's default
 * @param rates {@code --rate}: kvps/s per instance; empty for unpaced
 * @param kvpBytes {@code --kvp-bytes}: size of a reading; empty for the run's default
 * @param arrivals {@code --arrivals}: the pacing schedule; empty for the run's default
 * @param kvps {@code -k}: kvps per execution, one value for every point or several to sweep; empty when {@code
 *     kvpsPerSubstation} is set (study.json of earlier kits holds one number)
 * @param kvpsPerSubstation kvps per execution per substation, so K = this × P; null when {@code kvps} is set
 * @param bindingProperties absolute path of the binding properties file, or null
 * @param sutNodes {@code --sut-nodes}, or null for the run's default
 * @param hosts absolute path of the host list, or null
 * @param instanceJvmOptions {@code --instance-jvm-options}, or null
 * @param noQueries {@code --no-queries}
 * @param bindingProperty {@code --binding-property}: one binding property's values, or null
 * @param sutCpus {@code --sut-cpus}: CPUs the local SUT is confined to; empty for unconfined
 * @param sutMemory {@code --sut-memory}, passed to every point, or null
 * @param repeat {@code --repeat}: runs of each point, 1 or more (absent from study.json of earlier kits: 1)
 * @param rateSearch {@code --find-rate}: the search for the highest rate under a latency limit, whose probes are the
 *     study's points; null for a sweep of given values
 * @param clients {@code --clients}: insert threads over all instances, each point run with as few instances as
 *     hold them evenly (see {@link #split}); empty when the study gives {@code -p} and {@code --threads} itself
 * @param ratePerClient {@code --rate-per-client}: kvps/s each client (insert thread) is paced at, or null for
 *     unpaced clients; only with {@code clients}
 * @param queriesPerSecond {@code --queries-per-second}: queries a second per instance of a read-only execution
 *     after each measured run; empty for none
 * @param querySeconds {@code --query-seconds}: how long that execution runs, or null for the run's default
 * @param consumeStored {@code --consume-stored}: a consumer-only read of each iteration's stored readings
 */
public record StudySpec(List<String> bindings, List<String> substations, List<String> threads, List<String> rates,
                        List<String> kvpBytes, List<String> arrivals,
                        @JsonFormat(with = JsonFormat.Feature.ACCEPT_SINGLE_VALUE_AS_ARRAY) List<String> kvps,
                        Long kvpsPerSubstation,
                        String bindingProperties, Integer sutNodes, String hosts, String instanceJvmOptions,
                        boolean noQueries, PropertySweep bindingProperty, List<String> sutCpus, String sutMemory,
                        Integer repeat, RateSearch rateSearch, List<String> clients, Long ratePerClient,
                        List<String> queriesPerSecond, Integer querySeconds, boolean consumeStored) {

  /** The most runs of one point a study makes. */
  public static final int MAX_REPEAT = 100;

  /** One run of the study: the swept option's value and the run's options (without results folder and -q). */
  public record Point(String value, List<String> options) {
  }

  public StudySpec {
    bindings = List.copyOf(bindings);
    substations = List.copyOf(substations);
    threads = threads == null ? List.of() : List.copyOf(threads);
    rates = rates == null ? List.of() : List.copyOf(rates);
    kvpBytes = kvpBytes == null ? List.of() : List.copyOf(kvpBytes);
    arrivals = arrivals == null ? List.of() : List.copyOf(arrivals);
    kvps = kvps == null ? List.of() : List.copyOf(kvps);
    sutCpus = sutCpus == null ? List.of() : List.copyOf(sutCpus); // absent from study.json of earlier kits
    repeat = repeat == null ? 1 : repeat;
    clients = clients == null ? List.of() : List.copyOf(clients); // absent from study.json of earlier kits
    queriesPerSecond = queriesPerSecond == null ? List.of() : List.copyOf(queriesPerSecond); // likewise
  }

  /** A study without a read-only execution. */
  public StudySpec(List<String> bindings, List<String> substations, List<String> threads, List<String> rates,
                   List<String> kvpBytes, List<String> arrivals, List<String> kvps, Long kvpsPerSubstation,
                   String bindingProperties, Integer sutNodes, String hosts, String instanceJvmOptions,
                   boolean noQueries, PropertySweep bindingProperty, List<String> sutCpus, String sutMemory,
                   Integer repeat, RateSearch rateSearch, List<String> clients, Long ratePerClient) {
    this(bindings, substations, threads, rates, kvpBytes, arrivals, kvps, kvpsPerSubstation, bindingProperties,
        sutNodes, hosts, instanceJvmOptions, noQueries, bindingProperty, sutCpus, sutMemory, repeat, rateSearch,
        clients, ratePerClient, List.of(), null);
  }

  /** A study without a consumer-only read. */
  public StudySpec(List<String> bindings, List<String> substations, List<String> threads, List<String> rates,
                   List<String> kvpBytes, List<String> arrivals, List<String> kvps, Long kvpsPerSubstation,
                   String bindingProperties, Integer sutNodes, String hosts, String instanceJvmOptions,
                   boolean noQueries, PropertySweep bindingProperty, List<String> sutCpus, String sutMemory,
                   Integer repeat, RateSearch rateSearch, List<String> clients, Long ratePerClient,
                   List<String> queriesPerSecond, Integer querySeconds) {
    this(bindings, substations, threads, rates, kvpBytes, arrivals, kvps, kvpsPerSubstation, bindingProperties,
        sutNodes, hosts, instanceJvmOptions, noQueries, bindingProperty, sutCpus, sutMemory, repeat, rateSearch,
        clients, ratePerClient, queriesPerSecond, querySeconds, false);
  }

  /** A study that gives {@code -p} and {@code --threads} itself. */
  public StudySpec(List<String> bindings, List<String> substations, List<String> threads, List<String> rates,
                   List<String> kvpBytes, List<String> arrivals, List<String> kvps, Long kvpsPerSubstation,
                   String bindingProperties, Integer sutNodes, String hosts, String instanceJvmOptions,
                   boolean noQueries, PropertySweep bindingProperty, List<String> sutCpus, String sutMemory,
                   Integer repeat, RateSearch rateSearch) {
    this(bindings, substations, threads, rates, kvpBytes, arrivals, kvps, kvpsPerSubstation, bindingProperties,
        sutNodes, hosts, instanceJvmOptions, noQueries, bindingProperty, sutCpus, sutMemory, repeat, rateSearch,
        List.of(), null);
  }

  /** A study of one K at every point (or K per substation), its rate searched. */
  public StudySpec(List<String> bindings, List<String> substations, List<String> threads, List<String> rates,
                   List<String> kvpBytes, List<String> arrivals, Long kvps, Long kvpsPerSubstation,
                   String bindingProperties, Integer sutNodes, String hosts, String instanceJvmOptions,
                   boolean noQueries, PropertySweep bindingProperty, List<String> sutCpus, String sutMemory,
                   Integer repeat, RateSearch rateSearch) {
    this(bindings, substations, threads, rates, kvpBytes, arrivals, kvps == null ? null : List.of(kvps.toString()),
        kvpsPerSubstation, bindingProperties, sutNodes, hosts, instanceJvmOptions, noQueries, bindingProperty,
        sutCpus, sutMemory, repeat, rateSearch);
  }

  /** A sweep of given values, each run {@code repeat} times. */
  public StudySpec(List<String> bindings, List<String> substations, List<String> threads, List<String> rates,
                   List<String> kvpBytes, List<String> arrivals, Long kvps, Long kvpsPerSubstation,
                   String bindingProperties, Integer sutNodes, String hosts, String instanceJvmOptions,
                   boolean noQueries, PropertySweep bindingProperty, List<String> sutCpus, String sutMemory,
                   Integer repeat) {
    this(bindings, substations, threads, rates, kvpBytes, arrivals, kvps, kvpsPerSubstation, bindingProperties,
        sutNodes, hosts, instanceJvmOptions, noQueries, bindingProperty, sutCpus, sutMemory, repeat, null);
  }

  /** A study that runs each point once. */
  public StudySpec(List<String> bindings, List<String> substations, List<String> threads, List<String> rates,
                   List<String> kvpBytes, List<String> arrivals, Long kvps, Long kvpsPerSubstation,
                   String bindingProperties, Integer sutNodes, String hosts, String instanceJvmOptions,
                   boolean noQueries, PropertySweep bindingProperty, List<String> sutCpus, String sutMemory) {
    this(bindings, substations, threads, rates, kvpBytes, arrivals, kvps, kvpsPerSubstation, bindingProperties,
        sutNodes, hosts, instanceJvmOptions, noQueries, bindingProperty, sutCpus, sutMemory, 1);
  }

  /**
   * One run of the study: a point and which of its repetitions it is, from 1.
   */
  public record Run(Point point, int repetition) {
  }

  private static final Pattern NUMBER = Pattern.compile("-?\\d+(\\.\\d+)?");

  /**
   * Checks a study's options; the message of the exception is the one line the user sees.
   *
   * @throws IllegalArgumentException when no option or more than one lists several values, a value is repeated
   *     or not a number where one is needed, or K is given both ways or neither
   */
  public StudySpec validated() {
    List<Swept> lists = new ArrayList<>();
    for (Map.Entry<Swept, List<String>> e : byOption().entrySet()) {
      List<String> values = e.getValue();
      if (values.size() > 1) {
        lists.add(e.getKey());
      }
      if (new LinkedHashSet<>(values).size() != values.size()) {
        throw new IllegalArgumentException(e.getKey().option() + " lists a value twice: " + String.join(",", values));
      }
      for (String v : values) {
        if (v.isBlank()) {
          throw new IllegalArgumentException(e.getKey().option() + " has an empty value in its list");
        }
        if (e.getKey() == Swept.SUT_CPUS) {
          cpus(v);
        } else if (e.getKey() == Swept.KVP_BYTES) {
          KvpSize.parse(v); // B or MIN-MAX; the run checks the bounds
        } else if (e.getKey().numeric()) {
          number(e.getKey(), v);
        }
      }
    }
    if (bindingProperty != null && SecretNames.isSecret(bindingProperty.key())) {
      throw new IllegalArgumentException("--binding-property " + bindingProperty.key() + ": credentials belong in the"
          + " binding properties file, never on a command line, which process lists show");
    }
    validatedClients();
    if (querySeconds != null && queriesPerSecond.isEmpty()) {
      throw new IllegalArgumentException(ReadOnlyQueries.SECONDS_ALONE);
    }
    if (!queriesPerSecond.isEmpty() && noQueries) {
      throw new IllegalArgumentException(ReadOnlyQueries.WITHOUT_QUERIES);
    }
    if (rateSearch != null) {
      return validatedSearch(lists);
    }
    if (lists.size() > 1) {
      throw new IllegalArgumentException("a study sweeps one parameter, but " + lists.get(0).option() + " and "
          + lists.get(1).option() + " both list several values: give all but one of them a single value");
    }
    if (lists.isEmpty()) {
      throw new IllegalArgumentException("nothing to sweep: give one of -b, -p, --threads, --clients, --rate,"
          + " --kvp-bytes, --arrivals, -k, --sut-cpus, --binding-property, --queries-per-second several values,"
          + " comma-separated (e.g. -p 1,2,4)");
    }
    if (repeat < 1 || repeat > MAX_REPEAT) {
      throw new IllegalArgumentException("--repeat takes 1 to " + MAX_REPEAT + " runs of each point, not " + repeat);
    }
    return validatedKvps();
  }

  /** --clients chooses P, threads and (with --rate-per-client) the rate itself; each of its values must split. */
  private void validatedClients() {
    if (clients.isEmpty()) {
      if (ratePerClient != null) {
        throw new IllegalArgumentException("--rate-per-client paces the clients of --clients: give --clients, or"
            + " --rate (kvps/s per instance) without it");
      }
      return;
    }
    if (!(substations.isEmpty() || substations.equals(List.of("1"))) || !threads.isEmpty() || !rates.isEmpty()) {
      throw new IllegalArgumentException("--clients chooses each point's -p and --threads (and --rate, from"
          + " --rate-per-client) itself: give none of them");
    }
    if (ratePerClient != null && ratePerClient < 1) {
      throw new IllegalArgumentException("--rate-per-client must be at least 1 kvps/s (it was " + ratePerClient + ")");
    }
    clients.forEach(c -> split(number(Swept.CLIENTS, c)));
  }

  /**
   * How {@code clients} insert threads run: {p, threads per instance}, the fewest instances of at most 200 threads
   * (one per sensor) that hold them evenly, so every instance has the same share. Refused when that takes more than
   * twice the instances the clients need at 200 each (a prime number of clients would be as many instances).
   */
  public static int[] split(long clients) {
    int perInstance = WorkloadSpec.SENSORS_PER_SUBSTATION;
    long fewest = (clients + perInstance - 1) / perInstance;
    for (long p = fewest; p <= 2 * fewest; p++) {
      if (clients % p == 0) {
        return new int[] {(int) p, (int) (clients / p)};
      }
    }
    throw new IllegalArgumentException("--clients " + clients + " does not split evenly over " + fewest + " to "
        + 2 * fewest + " instances of at most " + perInstance + " threads: give a count divisible by one of them");
  }

  private StudySpec validatedSearch(List<Swept> lists) {
    rateSearch.validated();
    if (!rates.isEmpty()) {
      throw new IllegalArgumentException("--find-rate chooses each probe's --rate itself: give no --rate");
    }
    if (!lists.isEmpty()) {
      throw new IllegalArgumentException("--find-rate searches the rate at one setting, but " + lists.get(0).option()
          + " lists several values: give it one");
    }
    if (repeat != 1) {
      throw new IllegalArgumentException("--find-rate makes one run per probe: --repeat goes with a sweep of given"
          + " values");
    }
    return validatedKvps();
  }

  private StudySpec validatedKvps() {
    if (kvps.isEmpty() == (kvpsPerSubstation == null)) {
      throw new IllegalArgumentException("give either -k K (kvps per execution at every point, or K,K... to sweep"
          + " it) or --kvps-per-substation N (K = N x P), exactly one of them");
    }
    if (kvpsPerSubstation != null && kvpsPerSubstation < 1) {
      throw new IllegalArgumentException("--kvps-per-substation must be at least 1 (it was " + kvpsPerSubstation
          + ")");
    }
    return this; // -k's values were checked as the other numbers were
  }

  private static long number(Swept option, String v) {
    try {
      long n = Long.parseLong(v.trim());
      if (n < (option == Swept.RATE ? 0 : 1)) {
        throw new NumberFormatException();
      }
      return n;
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(option.option() + " takes whole numbers of at least "
          + (option == Swept.RATE ? 0 : 1) + ", comma-separated; '" + v + "' is not one");
    }
  }

  private static void cpus(String v) {
    double n;
    try {
      n = Double.parseDouble(v.trim());
    } catch (NumberFormatException e) {
      n = Double.NaN;
    }
    if (!(n > 0) || Double.isInfinite(n)) {
      throw new IllegalArgumentException("--sut-cpus takes CPU counts above 0 (fractions allowed, e.g. 0.5,1,2),"
          + " comma-separated; '" + v + "' is not one");
    }
  }

  /** The options that take values, by option, in the order the run lists them. */
  public Map<Swept, List<String>> byOption() {
    Map<Swept, List<String>> m = new EnumMap<>(Swept.class);
    m.put(Swept.BINDING, bindings);
    m.put(Swept.SUBSTATIONS, substations);
    m.put(Swept.THREADS, threads);
    m.put(Swept.RATE, rates);
    m.put(Swept.KVP_BYTES, kvpBytes);
    m.put(Swept.ARRIVALS, arrivals);
    m.put(Swept.KVPS, kvps);
    m.put(Swept.SUT_CPUS, sutCpus);
    m.put(Swept.BINDING_PROPERTY, bindingProperty == null ? List.of() : bindingProperty.values());
    m.put(Swept.CLIENTS, clients);
    m.put(Swept.QUERIES_PER_SECOND, queriesPerSecond);
    return m;
  }

  /** The swept parameter's name for tables and axes: the option's label, or the binding property's key. */
  public String axisLabel() {
    return swept() == Swept.BINDING_PROPERTY ? bindingProperty.key() : swept().label();
  }

  /** Whether the swept values are numbers, drawn on a numeric axis (kvp sizes that are ranges are not). */
  public boolean numericAxis() {
    return (swept().numeric() || swept() == Swept.BINDING_PROPERTY)
        && values().stream().allMatch(v -> NUMBER.matcher(v.trim()).matches());
  }

  /** The swept option: the one that lists several values, or the rate for a rate search. */
  public Swept swept() {
    if (rateSearch != null) {
      return Swept.RATE;
    }
    return byOption().entrySet().stream().filter(e -> e.getValue().size() > 1).map(Map.Entry::getKey)
        .findFirst().orElseThrow(() -> new IllegalStateException("no swept option in a validated spec"));
  }

  /** The swept option's values, in the order given; none for a rate search, whose probes choose theirs. */
  public List<String> values() {
    return byOption().get(swept());
  }

  /**
   * Every point of the study, in the order given: each one run of the kit. A rate search's one given point is its
   * unpaced run, rate 0; its probes are {@link #probe}s.
   */
  public List<Point> points() {
    if (rateSearch != null) {
      return List.of(point("0", null));
    }
    return values().stream().map(v -> point(v, null)).toList();
  }

  /**
   * A rate search's probe: a run paced at {@code rate} kvps/s per instance whose executions last about the search's
   * probe seconds.
   */
  public Point probe(long rate) {
    return point(Long.toString(rate), Math.multiplyExact(Math.multiplyExact(rate, (long) searchedSubstations()),
        rateSearch.probeSeconds()));
  }

  /** A rate search's P: every one of its runs has the same. */
  public int searchedSubstations() {
    return Integer.parseInt(substations.get(0).trim());
  }

  /** The run at {@code value} of the swept option, with {@code k} kvps per execution, or the study's K when null. */
  private Point point(String value, Long k) {
    Swept swept = swept();
    List<String> options = new ArrayList<>();
    long p = 0;
    String studyK = null;
    for (Map.Entry<Swept, List<String>> e : byOption().entrySet()) {
      String v = e.getKey() == swept ? value : e.getValue().isEmpty() ? null : e.getValue().get(0);
      if (e.getKey() == Swept.KVPS) {
        studyK = v; // given last of all, where a probe's own K may take its place
        continue;
      }
      if (!clients.isEmpty() && (e.getKey() == Swept.SUBSTATIONS || e.getKey() == Swept.THREADS)) {
        continue; // the clients' split gives them
      }
      if (e.getKey() == Swept.CLIENTS && v != null) {
        int[] split = split(Long.parseLong(v.trim()));
        p = split[0];
        options.addAll(List.of("-p", Integer.toString(split[0]), "--threads", Integer.toString(split[1])));
        if (ratePerClient != null) {
          options.addAll(List.of("--rate", Long.toString(ratePerClient * split[1])));
        }
        continue;
      }
      if (v != null) {
        options.add(e.getKey().option());
        options.add(e.getKey() == Swept.BINDING_PROPERTY ? bindingProperty.argument(v) : v.trim());
      }
      if (e.getKey() == Swept.SUBSTATIONS) {
        p = Long.parseLong(v.trim());
      }
    }
    options.add("-k");
    options.add(k != null ? Long.toString(k) : studyK != null ? studyK.trim() : Long.toString(kvpsPerSubstation * p));
    if (bindingProperties != null) {
      options.addAll(List.of("--binding-properties", bindingProperties));
    }
    if (sutNodes != null) {
      options.addAll(List.of("--sut-nodes", sutNodes.toString()));
    }
    if (hosts != null) {
      options.addAll(List.of("--hosts", hosts));
    }
    if (sutMemory != null) {
      options.addAll(List.of("--sut-memory", sutMemory));
    }
    if (instanceJvmOptions != null) {
      // attached, as JVM options begin with a dash that would otherwise read as the next option
      options.add("--instance-jvm-options=" + instanceJvmOptions);
    }
    if (noQueries) {
      options.add("--no-queries");
    }
    if (querySeconds != null) {
      options.addAll(List.of("--query-seconds", querySeconds.toString()));
    }
    if (consumeStored) {
      options.add("--consume-stored");
    }
    return new Point(value.trim(), List.copyOf(options));
  }

  /**
   * Every run of the study in the order it makes them: each point once, in the order given, then each again, until
   * every point ran {@link #repeat} times (A B C A B C ...), so that a machine that drifts over the study moves every
   * point alike rather than the ones that ran last.
   */
  public List<Run> runs() {
    List<Run> runs = new ArrayList<>();
    for (int r = 1; r <= repeat; r++) {
      for (Point p : points()) {
        runs.add(new Run(p, r));
      }
    }
    return runs;
  }

  /** The study's options as a command line would give them, e.g. "-b hbase -p 1,2 --kvps-per-substation 20000". */
  public String describe() {
    StringBuilder sb = new StringBuilder();
    for (Map.Entry<Swept, List<String>> e : byOption().entrySet()) {
      if (!e.getValue().isEmpty() && !(e.getKey() == Swept.SUBSTATIONS && !clients.isEmpty())) {
        sb.append(' ').append(e.getKey().option()).append(' ')
            .append(e.getKey() == Swept.BINDING_PROPERTY ? bindingProperty.key() + "=" : "")
            .append(String.join(",", e.getValue()));
      }
    }
    if (ratePerClient != null) {
      sb.append(" --rate-per-client ").append(ratePerClient);
    }
    if (querySeconds != null) {
      sb.append(" --query-seconds ").append(querySeconds);
    }
    if (consumeStored) {
      sb.append(" --consume-stored");
    }
    if (kvpsPerSubstation != null) {
      sb.append(" --kvps-per-substation ").append(kvpsPerSubstation);
    }
    if (bindingProperties != null) {
      sb.append(" --binding-properties ").append(bindingProperties);
    }
    if (sutNodes != null) {
      sb.append(" --sut-nodes ").append(sutNodes);
    }
    if (hosts != null) {
      sb.append(" --hosts ").append(hosts);
    }
    if (sutMemory != null) {
      sb.append(" --sut-memory ").append(sutMemory);
    }
    if (instanceJvmOptions != null) {
      sb.append(" --instance-jvm-options '").append(instanceJvmOptions).append('\'');
    }
    if (noQueries) {
      sb.append(" --no-queries");
    }
    if (repeat > 1) {
      sb.append(" --repeat ").append(repeat);
    }
    if (rateSearch != null) {
      sb.append(' ').append(rateSearch.describe());
    }
    return sb.toString().trim();
  }
}
