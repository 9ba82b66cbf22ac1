package io.iotkit.disclosure;

import static io.iotkit.disclosure.FdrFormat.UNKNOWN;
import static io.iotkit.disclosure.FdrFormat.bytes;
import static io.iotkit.disclosure.FdrFormat.bytesWithExact;
import static io.iotkit.disclosure.FdrFormat.count;
import static io.iotkit.disclosure.FdrFormat.text;

import io.iotkit.environment.Secrets;
import io.iotkit.model.DriverHostResult;
import io.iotkit.model.Environment;
import io.iotkit.model.KvpSize;
import io.iotkit.model.RunInputs;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/** What the kit found and was given: the SUT, the kit's inputs, and the master's machine as the kit read it. */
final class MachineSection {
  private static final Environment UNREAD =
      new Environment(null, null, null, null, null, null, null, null, null, null, null, null, null, null);

  private MachineSection() {
  }

  /** The SUT's description and its settings, by name; the version the binding reported is shown apart. */
  static FdrView.Sut sut(String description, Map<String, String> sutSettings) {
    Map<String, String> settings = new TreeMap<>(sutSettings);
    List<FdrView.NameValue> rows = new ArrayList<>();
    settings.forEach((key, value) -> {
      if (!key.equals("version")) {
        String name = key.startsWith("setting.") ? key.substring("setting.".length()) : key;
        rows.add(new FdrView.NameValue(name, FdrFormat.setting(name, text(value))));
      }
    });
    return new FdrView.Sut(text(description),
        settings.containsKey("version") ? settings.get("version") : "not reported by the binding", rows);
  }

  /** @param in the run's inputs, or null when the result has none */
  static FdrView.Inputs inputs(RunInputs in) {
    if (in == null) {
      return new FdrView.Inputs(UNKNOWN, UNKNOWN, UNKNOWN, UNKNOWN, UNKNOWN, UNKNOWN, UNKNOWN, UNKNOWN, UNKNOWN,
          UNKNOWN, UNKNOWN);
    }
    return new FdrView.Inputs(text(in.binding()),
        (in.bindingProperties() == null ? "none (the binding's built-in defaults)" : in.bindingProperties())
            + given(in.givenProperties()),
        in.pricing() == null ? "none" : in.pricing(),
        in.systemDescription() == null ? "none" : in.systemDescription(),
        Integer.toString(in.substations()), count(in.kvps()), Integer.toString(in.threads()),
        (in.kvpSize().fixed() ? count(in.kvpBytes()) : in.kvpSize().text())
            + (!in.kvpSize().equals(KvpSize.COMPLIANT) ? " (--kvp-bytes: a trial run)" : ""),
        in.rate() > 0 ? in.pacing() + " (--rate: a trial run)" : "unpaced (as fast as the SUT takes readings)",
        in.strict() ? "yes (audited run)" : "no (trial run)", flags(in.instanceJvmOptions()));
  }

  /** The properties given on the command line, as "; with k=v, k=v on the command line", or empty. */
  private static String given(Map<String, String> given) {
    return given.isEmpty() ? "" : "; with " + given.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
        .collect(Collectors.joining(", ")) + " on the command line";
  }

  /** @param e the machine as the kit read it, or null when the result has none */
  static FdrView.Machine environment(Environment e) {
    Environment env = e != null ? e : UNREAD;
    List<FdrView.Disk> disks = env.disks() == null ? List.of() : env.disks().stream()
        .map(d -> new FdrView.Disk(text(d.name()), d.model() == null ? "not reported" : d.model(),
            d.sizeBytes() == null ? UNKNOWN : bytesWithExact(d.sizeBytes()),
            d.rotational() == null ? UNKNOWN : d.rotational() ? "rotational (HDD)" : "solid state"))
        .toList();
    String caches = env.caches() == null || env.caches().isEmpty() ? UNKNOWN : env.caches().stream()
        .map(c -> c.name() + " " + (c.sizeBytes() == null ? "unknown size" : bytes(c.sizeBytes())))
        .collect(Collectors.joining(", "));
    return new FdrView.Machine(text(env.hostname()), text(env.os()), text(env.kernel()),
        text(env.architecture()), text(env.cpuModel()), count(env.logicalCpus()), count(env.sockets()),
        count(env.physicalCores()), caches, env.memoryBytes() == null ? UNKNOWN : bytesWithExact(env.memoryBytes()),
        disks, env.disks() == null ? UNKNOWN : disks.isEmpty() ? "none found" : null, text(env.jvm()),
        flags(env.masterJvmFlags()), flags(env.instanceJvmOptions()));
  }

  /** The driver hosts of a run over a host list; empty for a run whose instances all ran on the master's host. */
  static List<FdrView.DriverHost> driverHosts(List<DriverHostResult> hosts) {
    if (hosts == null) {
      return List.of();
    }
    return hosts.stream().map(h -> {
      Environment env = h.environment() != null ? h.environment() : UNREAD;
      String instances = h.instances() == null ? UNKNOWN
          : h.instances().stream().map(String::valueOf).collect(Collectors.joining(", "));
      String clock = String.format(java.util.Locale.ROOT, "%+.3f ms (± %.3f ms)", h.clockOffsetMicros() / 1e3,
          h.clockErrorMicros() / 1e3);
      return new FdrView.DriverHost(text(h.name()), instances, clock, text(env.hostname()), text(env.cpuModel()),
          count(env.logicalCpus()), env.memoryBytes() == null ? UNKNOWN : bytes(env.memoryBytes()), text(env.jvm()));
    }).toList();
  }

  /** How the store laid the data out, as the binding read it back, by name. */
  static List<FdrView.NameValue> dataLayout(Map<String, String> layout) {
    List<FdrView.NameValue> rows = new ArrayList<>();
    new TreeMap<>(layout).forEach((k, v) -> rows.add(new FdrView.NameValue(text(k), text(v))));
    return rows;
  }

  private static String flags(List<String> flags) {
    if (flags == null) {
      return UNKNOWN;
    }
    // Redacted again here: `report` renders whatever result.json it is given, written by the kit or not.
    List<String> safe = Secrets.redactJvmArguments(flags);
    return safe.isEmpty() ? "none" : String.join(" ", safe);
  }
}
