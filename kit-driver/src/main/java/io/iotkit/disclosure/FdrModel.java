package io.iotkit.disclosure;

import io.iotkit.binding.SecretNames;
import io.iotkit.check.FileCheck;
import io.iotkit.environment.Secrets;
import io.iotkit.model.CheckResult;
import io.iotkit.model.Environment;
import io.iotkit.model.IterationResult;
import io.iotkit.model.Latency;
import io.iotkit.model.Metrics;
import io.iotkit.model.PhaseResult;
import io.iotkit.model.Pricing;
import io.iotkit.model.RunInputs;
import io.iotkit.model.RunResult;
import io.iotkit.model.SystemDescription;
import io.iotkit.model.UtcTime;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The view model of the full disclosure report and the executive summary: nested maps and lists of preformatted
 * strings, so the templates hold no logic beyond "if" and "for each". Built from a {@link RunResult} alone.
 *
 * <p>Every field the sponsor should have given and did not shows as {@value #MISSING} in its place and is added,
 * as its path in the system description file, to the list the documents show at the top. Figures of the run are
 * never missing in that sense: what the kit could not read shows as "unknown", what was not measured as "not
 * measured".
 */
final class FdrModel {
  static final String MISSING = "MISSING";
  static final String UNKNOWN = "unknown (not readable)";
  static final String NOT_MEASURED = "not measured";
  /** Where the missing pricing is reported, as a "field" of the missing list. */
  static final String PRICING_FILE = "pricing file (--pricing)";

  /** A description with nothing filled: what a run without one is treated as. */
  private static final SystemDescription NONE =
      new SystemDescription(null, null, null, null, null, null, null, null, null);

  private final List<String> missing = new ArrayList<>();

  private FdrModel() {
  }

  /** The fields of a description (null: none given) that the sponsor has left empty, in document order. */
  static List<String> missingSponsorFields(SystemDescription d) {
    FdrModel m = new FdrModel();
    m.sponsor(d == null ? NONE : d, LocalDate.EPOCH);
    return List.copyOf(m.missing);
  }

  /** Everything sponsor-side that a run's documents would show as missing. */
  static List<String> missingFields(RunResult r) {
    FdrModel m = new FdrModel();
    m.build(r, null);
    return List.copyOf(m.missing);
  }

  /**
   * The whole model.
   *
   * @param digests the lines of the run folder's kit-files.sha256, or null when it has none
   */
  static Map<String, Object> of(RunResult r, List<String> digests) {
    return new FdrModel().build(r, digests);
  }

  private Map<String, Object> build(RunResult r, List<String> digests) {
    Map<String, Object> m = new LinkedHashMap<>();
    LocalDate finished = r.finished() == null ? null : LocalDate.ofInstant(r.finished(), ZoneOffset.UTC);
    m.put("system", sponsor(r.system() == null ? NONE : r.system(), finished));
    m.put("kitVersion", text(r.kitVersion()));
    m.put("runId", text(r.runId()));
    m.put("status", r.status() == null ? UNKNOWN : r.status().name());
    m.put("abortReason", blank(r.abortReason()) ? null : r.abortReason());
    m.put("started", r.started() == null ? UNKNOWN : UtcTime.of(r.started()) + " UTC");
    m.put("finished", r.finished() == null ? UNKNOWN : UtcTime.of(r.finished()) + " UTC");
    m.put("compliant", r.compliant());
    m.put("compliance", r.compliant() ? "COMPLIANT" : "NOT COMPLIANT");
    m.put("reasons", r.reasons() == null ? List.of() : r.reasons());
    m.put("hasReasons", r.reasons() != null && !r.reasons().isEmpty());
    m.put("sut", sut(r));
    m.put("inputs", inputs(r.inputs()));
    m.put("environment", environment(r.environment()));
    m.put("pricing", pricing(r.pricing()));
    m.put("metrics", metrics(r.metrics(), r.pricing()));
    m.put("prerequisites", checks(r.prerequisites()));
    m.put("fileCheck", fileCheck(r.prerequisites()));
    m.put("cleanup", checks(r.cleanup()));
    List<IterationResult> its = r.iterations() == null ? List.of() : r.iterations();
    m.put("iterations", its.stream().map(this::iteration).toList());
    m.put("hasIterations", !its.isEmpty());
    m.put("quantities", quantities(its));
    m.put("iterationNames", its.stream().map(it -> "iteration " + it.number()).toList());
    m.put("digests", digests == null ? List.of() : digests);
    m.put("hasDigests", digests != null && !digests.isEmpty());
    // Last, so that every field above has had its chance to be missing.
    m.put("missing", List.copyOf(missing));
    m.put("hasMissing", !missing.isEmpty());
    return m;
  }

  // ---- the sponsor's description ----

  private Map<String, Object> sponsor(SystemDescription d, LocalDate runFinished) {
    Map<String, Object> s = new LinkedHashMap<>();
    s.put("given", d != NONE);
    s.put("sponsor", required("sponsor", d.sponsor()));
    s.put("systemName", required("systemName", d.systemName()));
    LocalDate date = d.reportDate() != null ? d.reportDate() : runFinished;
    s.put("reportDate", date == null ? UNKNOWN : date.toString());
    s.put("auditor", required("auditor", d.auditor()));
    s.put("hardware", hardware(d.hardware()));
    s.put("software", software(d.software()));
    s.put("tunables", listOf("tunables", d.tunables(), this::tunable));
    s.put("tunablesMissing", d.tunables() == null ? MISSING : null);
    s.put("tunablesNone", d.tunables() != null && d.tunables().isEmpty());
    s.put("hasTunables", d.tunables() != null && !d.tunables().isEmpty());
    s.put("dataLayout", required("dataLayout", d.dataLayout()));
    s.put("pricedConfigurationDifferences",
        required("pricedConfigurationDifferences", d.pricedConfigurationDifferences()));
    return s;
  }

  private Map<String, Object> hardware(SystemDescription.Hardware h) {
    Map<String, Object> m = new LinkedHashMap<>();
    if (h == null) {
      missing.add("hardware");
    }
    boolean given = h != null;
    m.put("given", given);
    m.put("missing", given ? null : MISSING);
    h = given ? h : new SystemDescription.Hardware(null, null, null, null);
    m.put("diagram", given ? required("hardware.diagram", h.diagram()) : MISSING);
    List<Map<String, Object>> nodes = new ArrayList<>();
    if (given && (h.nodes() == null || h.nodes().isEmpty())) {
      missing.add("hardware.nodes");
    } else if (given) {
      for (int i = 0; i < h.nodes().size(); i++) {
        nodes.add(node("hardware.nodes[" + i + "]", i + 1, h.nodes().get(i)));
      }
    }
    m.put("nodes", nodes);
    m.put("nodesMissing", nodes.isEmpty() ? MISSING : null);
    m.put("network", given ? required("hardware.network", h.network()) : MISSING);
    m.put("other", optional(h.other()));
    m.put("summary", hardwareSummary(h));
    return m;
  }

  private Map<String, Object> node(String at, int number, SystemDescription.Node n) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("number", Integer.toString(number));
    m.put("role", required(at + ".role", n.role()));
    m.put("count", required(at + ".count", n.count()));
    m.put("model", required(at + ".model", n.model()));
    SystemDescription.Processors p = n.processors();
    if (p == null) {
      missing.add(at + ".processors");
    }
    String pat = at + ".processors";
    m.put("cpuModel", p == null ? MISSING : required(pat + ".model", p.model()));
    m.put("cpuCount", p == null ? MISSING : required(pat + ".count", p.count()));
    m.put("coresPerProcessor", p == null ? MISSING : required(pat + ".coresPerProcessor", p.coresPerProcessor()));
    m.put("threadsPerCore", p == null ? MISSING : required(pat + ".threadsPerCore", p.threadsPerCore()));
    m.put("caches", p == null ? MISSING : required(pat + ".caches", p.caches()));
    m.put("memory", required(at + ".memory", n.memory()));
    m.put("memoryPartitioning", optional(n.memoryPartitioning()));
    List<Map<String, Object>> disks = new ArrayList<>();
    if (n.disks() == null || n.disks().isEmpty()) {
      missing.add(at + ".disks");
    } else {
      for (int j = 0; j < n.disks().size(); j++) {
        SystemDescription.Disks g = n.disks().get(j);
        String dat = at + ".disks[" + j + "]";
        Map<String, Object> dm = new LinkedHashMap<>();
        dm.put("count", required(dat + ".count", g.count()));
        dm.put("type", required(dat + ".type", g.type()));
        dm.put("capacity", required(dat + ".capacity", g.capacity()));
        disks.add(dm);
      }
    }
    m.put("disks", disks.isEmpty() ? MISSING : disks.stream()
        .map(g -> g.get("count") + " × " + g.get("capacity") + " " + g.get("type")).collect(Collectors.joining("; ")));
    m.put("storageControllers", required(at + ".storageControllers", n.storageControllers()));
    m.put("network", required(at + ".network", n.network()));
    return m;
  }

  /** The executive summary's one-line totals; MISSING (already listed field by field) when a part is missing. */
  private static Map<String, Object> hardwareSummary(SystemDescription.Hardware h) {
    Map<String, Object> m = new LinkedHashMap<>();
    List<SystemDescription.Node> nodes = h.nodes() == null ? List.of() : h.nodes();
    long nodeCount = 0;
    long processors = 0;
    long cores = 0;
    long threads = 0;
    boolean counted = !nodes.isEmpty();
    List<String> memory = new ArrayList<>();
    List<String> storage = new ArrayList<>();
    for (SystemDescription.Node n : nodes) {
      SystemDescription.Processors p = n.processors();
      if (n.count() == null || p == null || p.count() == null || p.coresPerProcessor() == null
          || p.threadsPerCore() == null) {
        counted = false;
      } else {
        nodeCount += n.count();
        processors += (long) n.count() * p.count();
        cores += (long) n.count() * p.count() * p.coresPerProcessor();
        threads += (long) n.count() * p.count() * p.coresPerProcessor() * p.threadsPerCore();
      }
      String times = n.count() == null ? MISSING + " × " : n.count() + " × ";
      memory.add(times + (blank(n.memory()) ? MISSING : n.memory()));
      String disks = n.disks() == null || n.disks().isEmpty() ? MISSING : n.disks().stream()
          .map(g -> (g.count() == null ? MISSING : g.count()) + " × " + orMissing(g.capacity()) + " "
              + orMissing(g.type()))
          .collect(Collectors.joining(" + "));
      storage.add(times + "(" + disks + ")");
    }
    m.put("nodes", counted ? Long.toString(nodeCount) : MISSING);
    m.put("processors", counted ? Long.toString(processors) : MISSING);
    m.put("cores", counted ? Long.toString(cores) : MISSING);
    m.put("threads", counted ? Long.toString(threads) : MISSING);
    m.put("memory", memory.isEmpty() ? MISSING : String.join(", ", memory));
    m.put("storage", storage.isEmpty() ? MISSING : String.join(", ", storage));
    m.put("network", blank(h.network()) ? MISSING : h.network());
    return m;
  }

  private Map<String, Object> software(SystemDescription.Software s) {
    Map<String, Object> m = new LinkedHashMap<>();
    if (s == null) {
      missing.add("software");
    }
    m.put("given", s != null);
    m.put("dbms", product("software.dataManagementSystem", s == null ? null : s.dataManagementSystem(), s != null));
    m.put("os", product("software.operatingSystem", s == null ? null : s.operatingSystem(), s != null));
    m.put("jvm", product("software.jvm", s == null ? null : s.jvm(), s != null));
    List<Map<String, Object>> other = new ArrayList<>();
    if (s != null && s.other() != null) {
      for (int i = 0; i < s.other().size(); i++) {
        other.add(product("software.other[" + i + "]", s.other().get(i), true));
      }
    }
    m.put("other", other);
    m.put("otherNone", other.isEmpty());
    return m;
  }

  /** A product's name and version; {@code report} false when its parent is already listed as missing. */
  private Map<String, Object> product(String at, SystemDescription.Product p, boolean report) {
    Map<String, Object> m = new LinkedHashMap<>();
    if (p == null && report) {
      missing.add(at);
    }
    String name = p == null ? MISSING : required(at + ".name", p.name());
    String version = p == null ? MISSING : required(at + ".version", p.version());
    m.put("name", name);
    m.put("version", version);
    m.put("full", p == null ? MISSING : name + " " + version);
    return m;
  }

  private Map<String, Object> tunable(String at, SystemDescription.Tunable t) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("component", required(at + ".component", t.component()));
    String setting = required(at + ".setting", t.setting());
    m.put("setting", setting);
    // A sponsor may list a changed password among the tunables; its value still never appears.
    m.put("value", SecretNames.isSecret(t.setting()) ? SecretNames.REDACTED : required(at + ".value", t.value()));
    return m;
  }

  private <T> List<Map<String, Object>> listOf(String at, List<T> items, ItemMapper<T> mapper) {
    if (items == null) {
      missing.add(at);
      return List.of();
    }
    List<Map<String, Object>> out = new ArrayList<>();
    for (int i = 0; i < items.size(); i++) {
      T item = items.get(i);
      if (item == null) {
        missing.add(at + "[" + i + "]");
        continue;
      }
      out.add(mapper.map(at + "[" + i + "]", item));
    }
    return out;
  }

  @FunctionalInterface
  private interface ItemMapper<T> {
    Map<String, Object> map(String at, T item);
  }

  private String required(String at, String value) {
    if (blank(value)) {
      missing.add(at);
      return MISSING;
    }
    return value.trim();
  }

  private String required(String at, Integer value) {
    if (value == null) {
      missing.add(at);
      return MISSING;
    }
    return Integer.toString(value);
  }

  private static String optional(String value) {
    return blank(value) ? "none" : value.trim();
  }

  private static String orMissing(String value) {
    return blank(value) ? MISSING : value.trim();
  }

  // ---- what the kit measured and read ----

  private static Map<String, Object> sut(RunResult r) {
    Map<String, Object> m = new LinkedHashMap<>();
    Map<String, String> settings = r.sutSettings() == null ? Map.of() : new TreeMap<>(r.sutSettings());
    m.put("description", text(r.sut()));
    m.put("version", settings.containsKey("version") ? settings.get("version") : "not reported by the binding");
    List<Map<String, Object>> rows = new ArrayList<>();
    settings.forEach((key, value) -> {
      if (!key.equals("version")) {
        String name = key.startsWith("setting.") ? key.substring("setting.".length()) : key;
        rows.add(row("name", name, "value", SecretNames.isSecret(name) ? SecretNames.REDACTED : text(value)));
      }
    });
    m.put("settings", rows);
    m.put("settingsNone", rows.isEmpty());
    return m;
  }

  private static Map<String, Object> inputs(RunInputs in) {
    Map<String, Object> m = new LinkedHashMap<>();
    if (in == null) {
      m.put("binding", UNKNOWN);
      m.put("bindingProperties", UNKNOWN);
      m.put("pricing", UNKNOWN);
      m.put("systemDescription", UNKNOWN);
      m.put("substations", UNKNOWN);
      m.put("kvps", UNKNOWN);
      m.put("threads", UNKNOWN);
      m.put("strict", UNKNOWN);
      m.put("instanceJvmOptions", UNKNOWN);
      return m;
    }
    m.put("binding", text(in.binding()));
    m.put("bindingProperties", in.bindingProperties() == null ? "none (the binding's built-in defaults)"
        : in.bindingProperties());
    m.put("pricing", in.pricing() == null ? "none" : in.pricing());
    m.put("systemDescription", in.systemDescription() == null ? "none" : in.systemDescription());
    m.put("substations", Integer.toString(in.substations()));
    m.put("kvps", String.format(Locale.ROOT, "%,d", in.kvps()));
    m.put("threads", Integer.toString(in.threads()));
    m.put("strict", in.strict() ? "yes (audited run)" : "no (trial run)");
    m.put("instanceJvmOptions", flags(in.instanceJvmOptions()));
    return m;
  }

  private static Map<String, Object> environment(Environment e) {
    Map<String, Object> m = new LinkedHashMap<>();
    Environment env = e != null ? e
        : new Environment(null, null, null, null, null, null, null, null, null, null, null, null, null, null);
    m.put("hostname", text(env.hostname()));
    m.put("os", text(env.os()));
    m.put("kernel", text(env.kernel()));
    m.put("architecture", text(env.architecture()));
    m.put("cpuModel", text(env.cpuModel()));
    m.put("logicalCpus", count(env.logicalCpus()));
    m.put("sockets", count(env.sockets()));
    m.put("physicalCores", count(env.physicalCores()));
    m.put("caches", env.caches() == null || env.caches().isEmpty() ? UNKNOWN : env.caches().stream()
        .map(c -> c.name() + " " + (c.sizeBytes() == null ? "unknown size" : bytes(c.sizeBytes())))
        .collect(Collectors.joining(", ")));
    m.put("memory", env.memoryBytes() == null ? UNKNOWN : bytesWithExact(env.memoryBytes()));
    List<Map<String, Object>> disks = new ArrayList<>();
    if (env.disks() != null) {
      for (Environment.Disk d : env.disks()) {
        Map<String, Object> dm = new LinkedHashMap<>();
        dm.put("name", text(d.name()));
        dm.put("model", d.model() == null ? "not reported" : d.model());
        dm.put("size", d.sizeBytes() == null ? UNKNOWN : bytesWithExact(d.sizeBytes()));
        dm.put("kind", d.rotational() == null ? UNKNOWN : d.rotational() ? "rotational (HDD)" : "solid state");
        disks.add(dm);
      }
    }
    m.put("disks", disks);
    m.put("hasDisks", !disks.isEmpty());
    m.put("disksUnknown", env.disks() == null ? UNKNOWN : disks.isEmpty() ? "none found" : null);
    m.put("jvm", text(env.jvm()));
    m.put("masterJvmFlags", flags(env.masterJvmFlags()));
    m.put("instanceJvmOptions", flags(env.instanceJvmOptions()));
    return m;
  }

  private static String flags(List<String> flags) {
    if (flags == null) {
      return UNKNOWN;
    }
    // Redacted again here: a result.json written by an older kit may hold them as they were.
    List<String> safe = Secrets.redactJvmArguments(flags);
    return safe.isEmpty() ? "none" : String.join(" ", safe);
  }

  private Map<String, Object> pricing(Pricing p) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("given", p != null);
    if (p == null) {
      missing.add(PRICING_FILE);
      m.put("missing", MISSING);
      m.put("items", List.of());
      m.put("total", MISSING);
      m.put("availabilityDate", MISSING);
      m.put("currency", MISSING);
      return m;
    }
    String cur = text(p.currency());
    m.put("missing", null);
    m.put("sponsor", text(p.sponsor()));
    m.put("system", text(p.system()));
    m.put("currency", cur);
    List<Map<String, Object>> items = new ArrayList<>();
    for (Pricing.LineItem i : p.lineItems() == null ? List.<Pricing.LineItem>of() : p.lineItems()) {
      Map<String, Object> im = new LinkedHashMap<>();
      im.put("description", text(i.description()));
      im.put("unitPrice", money(i.unitPrice()));
      im.put("quantity", String.format(Locale.ROOT, "%,d", i.quantity()));
      im.put("extendedPrice", money(i.unitPrice() * i.quantity()));
      im.put("availabilityDate", i.availabilityDate() == null ? UNKNOWN : i.availabilityDate().toString());
      items.add(im);
    }
    m.put("items", items);
    boolean priced = p.lineItems() != null && !p.lineItems().isEmpty();
    m.put("total", priced ? money(p.totalCost()) : UNKNOWN);
    m.put("availabilityDate", priced ? p.availabilityDate().toString() : UNKNOWN);
    return m;
  }

  private static Map<String, Object> metrics(Metrics x, Pricing p) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("measured", x != null);
    if (x == null) {
      // No metric without both measured runs; cost and availability are the pricing file's, known regardless.
      boolean priced = p != null && p.lineItems() != null && !p.lineItems().isEmpty();
      m.put("iotps", NOT_MEASURED);
      m.put("totalCost", priced ? text(p.currency()) + " " + money(p.totalCost()) : MISSING);
      m.put("pricePerIotps", NOT_MEASURED);
      m.put("pricePerKiotps", NOT_MEASURED);
      m.put("availabilityDate", priced ? p.availabilityDate().toString() : MISSING);
      m.put("performanceRun", NOT_MEASURED);
      m.put("differencePercent", NOT_MEASURED);
      m.put("perSensorRate", NOT_MEASURED);
      return m;
    }
    String cur = text(x.currency());
    m.put("iotps", String.format(Locale.ROOT, "%,.2f", x.iotps()));
    m.put("totalCost", cur + " " + money(x.totalCost()));
    m.put("pricePerIotps", Double.isFinite(x.pricePerIotps())
        ? String.format(Locale.ROOT, "%s %,.4f per IoTps", cur, x.pricePerIotps()) : "n/a (IoTps is 0)");
    m.put("pricePerKiotps", Double.isFinite(x.pricePerKiotps())
        ? String.format(Locale.ROOT, "%s %,.2f per kIoTps", cur, x.pricePerKiotps()) : "n/a (IoTps is 0)");
    m.put("availabilityDate", x.availabilityDate() == null ? UNKNOWN : x.availabilityDate().toString());
    m.put("performanceRun", "iteration " + x.performanceIteration());
    m.put("differencePercent", String.format(Locale.ROOT, "%.2f%%", x.differencePercent()));
    m.put("perSensorRate", String.format(Locale.ROOT, "%.2f kvps/s", x.perSensorRate()));
    return m;
  }

  private static List<Map<String, Object>> checks(List<CheckResult> checks) {
    if (checks == null) {
      return List.of();
    }
    return checks.stream().map(c -> {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("result", c.passed() ? "PASS" : "FAIL");
      m.put("passed", c.passed());
      m.put("name", text(c.name()));
      m.put("measured", text(c.measured().text()));
      m.put("limit", text(c.limit().text()));
      m.put("why", blank(c.why()) ? null : c.why());
      return m;
    }).toList();
  }

  private static Map<String, Object> fileCheck(List<CheckResult> prerequisites) {
    Map<String, Object> m = new LinkedHashMap<>();
    CheckResult c = prerequisites == null ? null
        : prerequisites.stream().filter(p -> FileCheck.NAME.equals(p.name())).findFirst().orElse(null);
    m.put("result", c == null ? "not run" : c.passed() ? "PASS" : "FAIL");
    m.put("passed", c != null && c.passed());
    m.put("measured", c == null ? "not run" : text(c.measured().text()));
    m.put("limit", c == null ? "all kit files match audit/kit-files.sha256" : text(c.limit().text()));
    return m;
  }

  private Map<String, Object> iteration(IterationResult it) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("number", Integer.toString(it.number()));
    m.put("substations", it.substations() == null ? UNKNOWN : String.join(", ", it.substations()));
    m.put("warmup", phase(it.warmup()));
    m.put("measured", phase(it.measured()));
    m.put("storedReadings", String.format(Locale.ROOT, "%,d", it.storedReadings()));
    List<Map<String, Object>> store = new ArrayList<>();
    if (it.storeMeasurements() != null) {
      new TreeMap<>(it.storeMeasurements()).forEach((k, v) ->
          store.add(row("name", k, "value", SecretNames.isSecret(k) ? SecretNames.REDACTED : text(v))));
    }
    m.put("storeMeasurements", store);
    PhaseResult p = it.measured();
    boolean ran = p != null && p.instances() != null && !p.instances().isEmpty();
    List<Map<String, Object>> spreads = new ArrayList<>();
    if (ran) {
      Metrics.IngestSpread s = Metrics.IngestSpread.of(p);
      spreads.add(row("min", seconds(s.min()), "max", seconds(s.max()), "average", seconds(s.average()),
          "spread", String.format(Locale.ROOT, "%.1f%%", s.spreadPercent())));
    }
    m.put("spread", spreads);
    m.put("spreadUnknown", ran ? null : NOT_MEASURED);
    m.put("substationTimes", ran ? p.instances().stream().map(i -> row("substation", text(i.substation()),
        "seconds", seconds(i.ingestSeconds()), "kvps", String.format(Locale.ROOT, "%,d", i.acknowledged())))
        .toList() : List.of());
    m.put("queries", ran ? String.format(Locale.ROOT, "%,d", p.queries()) : NOT_MEASURED);
    m.put("readingsPerQuery", ran ? String.format(Locale.ROOT, "%.1f", p.readingsPerQuery()) : NOT_MEASURED);
    m.put("emptyWindows", ran ? String.format(Locale.ROOT, "%,d",
        p.instances().stream().mapToLong(i -> i.emptyWindows()).sum()) : NOT_MEASURED);
    m.put("latency", latency(p));
    m.put("checks", checks(it.checks()));
    return m;
  }

  private static Map<String, Object> phase(PhaseResult p) {
    Map<String, Object> m = new LinkedHashMap<>();
    if (p == null) {
      for (String k : List.of("start", "end", "elapsed", "kvps", "iotps")) {
        m.put(k, NOT_MEASURED);
      }
      return m;
    }
    m.put("start", UtcTime.ofMicros(p.startMicros()));
    m.put("end", UtcTime.ofMicros(p.endMicros()));
    m.put("elapsed", String.format(Locale.ROOT, "%.3f", p.elapsedSeconds()));
    m.put("kvps", String.format(Locale.ROOT, "%,d", p.acknowledged()));
    m.put("iotps", String.format(Locale.ROOT, "%,.2f", p.iotps()));
    return m;
  }

  private static List<Map<String, Object>> latency(PhaseResult p) {
    if (p == null || p.latency() == null) {
      return List.of();
    }
    List<Map<String, Object>> rows = new ArrayList<>();
    p.latency().forEach((name, l) -> {
      if (l == null) {
        return;
      }
      Map<String, Object> m = new LinkedHashMap<>();
      // "insert" is the insert call (a batching binding's batch round trips), "query-max" the MAX template, ...
      m.put("name", name.equals("insert") ? "insert call" : name.replace('-', ' '));
      m.put("count", String.format(Locale.ROOT, "%,d", l.count()));
      Function<Double, String> ms = v -> String.format(Locale.ROOT, "%.3f", v);
      m.put("min", ms.apply(l.minMs()));
      m.put("avg", ms.apply(l.meanMs()));
      m.put("p50", ms.apply(l.p50Ms()));
      m.put("p95", ms.apply(l.p95Ms()));
      m.put("p99", ms.apply(l.p99Ms()));
      m.put("max", ms.apply(l.maxMs()));
      rows.add(m);
    });
    return rows;
  }

  /** The executive summary's numerical quantities: one row per figure, one column per iteration. */
  private static List<Map<String, Object>> quantities(List<IterationResult> its) {
    List<Map<String, Object>> rows = new ArrayList<>();
    rows.add(quantity("warmup TS_start (UTC)", its, it -> phaseValue(it.warmup(), "start")));
    rows.add(quantity("warmup TS_end (UTC)", its, it -> phaseValue(it.warmup(), "end")));
    rows.add(quantity("warmup elapsed (s)", its, it -> phaseValue(it.warmup(), "elapsed")));
    rows.add(quantity("measured TS_start (UTC)", its, it -> phaseValue(it.measured(), "start")));
    rows.add(quantity("measured TS_end (UTC)", its, it -> phaseValue(it.measured(), "end")));
    rows.add(quantity("measured elapsed (s)", its, it -> phaseValue(it.measured(), "elapsed")));
    rows.add(quantity("measured kvps", its, it -> phaseValue(it.measured(), "kvps")));
    rows.add(quantity("measured IoTps", its, it -> phaseValue(it.measured(), "iotps")));
    return rows;
  }

  private static String phaseValue(PhaseResult p, String key) {
    return (String) phase(p).get(key);
  }

  private static Map<String, Object> quantity(String label, List<IterationResult> its,
                                              Function<IterationResult, String> value) {
    return row("label", label, "values", its.stream().map(value).toList());
  }

  // ---- formatting ----

  private static Map<String, Object> row(Object... keysAndValues) {
    Map<String, Object> m = new LinkedHashMap<>();
    for (int i = 0; i < keysAndValues.length; i += 2) {
      m.put((String) keysAndValues[i], keysAndValues[i + 1]);
    }
    return m;
  }

  private static String money(double v) {
    return String.format(Locale.ROOT, "%,.2f", v);
  }

  private static String seconds(double v) {
    return String.format(Locale.ROOT, "%.1f s", v);
  }

  private static String count(Integer v) {
    return v == null ? UNKNOWN : Integer.toString(v);
  }

  /** Binary units, e.g. "23.4 GiB". */
  static String bytes(long b) {
    String[] units = {"B", "KiB", "MiB", "GiB", "TiB", "PiB"};
    double v = b;
    int u = 0;
    while (v >= 1024 && u < units.length - 1) {
      v /= 1024;
      u++;
    }
    return u == 0 ? b + " B" : (v == Math.rint(v) ? String.format(Locale.ROOT, "%.0f %s", v, units[u])
        : String.format(Locale.ROOT, "%.1f %s", v, units[u]));
  }

  private static String bytesWithExact(long b) {
    return bytes(b) + String.format(Locale.ROOT, " (%,d bytes)", b);
  }

  private static String text(String s) {
    return blank(s) ? UNKNOWN : s;
  }

  private static boolean blank(String s) {
    return s == null || s.isBlank();
  }
}
