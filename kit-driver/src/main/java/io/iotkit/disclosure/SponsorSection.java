package io.iotkit.disclosure;

import static io.iotkit.disclosure.FdrFormat.MISSING;
import static io.iotkit.disclosure.FdrFormat.blank;
import static io.iotkit.disclosure.FdrFormat.optional;
import static io.iotkit.disclosure.FdrFormat.required;

import io.iotkit.model.SystemDescription;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * The sponsor's system description as the documents show it, every empty required field as MISSING. Which
 * fields those are, by path, is {@link SponsorFields}'s to say.
 */
final class SponsorSection {
  private static final SystemDescription.Hardware NO_HARDWARE = new SystemDescription.Hardware(null, null, null, null);
  static final String MEASURED = "Measured configuration";
  static final String PRICED = "Priced configuration";
  /** What the FDR says when the description names no compiler options (compilerOptions). */
  static final String NO_COMPILER_OPTIONS = "none given: the system description names no software compiled for"
      + " the run (compilerOptions)";
  /** What the FDR says of a priced configuration the description does not give apart (no pricedHardware). */
  static final String SAME_AS_MEASURED = "The same as the measured configuration: the system description gives no"
      + " priced configuration of its own (pricedHardware), so the measured configuration above is the one priced.";

  private SponsorSection() {
  }

  /**
   * @param d the description, or null when the run had none
   * @param runFinished the report date when the description gives none (null: unknown)
   */
  static FdrView.Sponsor of(SystemDescription d, LocalDate runFinished) {
    if (d == null) {
      d = SystemDescription.NONE;
    }
    LocalDate date = d.reportDate() != null ? d.reportDate() : runFinished;
    List<SystemDescription.Tunable> tunables = d.tunables();
    FdrView.Hardware measured = hardware(d.hardware());
    FdrView.Configuration priced = d.pricedHardware() == null
        ? new FdrView.Configuration(PRICED, SAME_AS_MEASURED, measured)
        : new FdrView.Configuration(PRICED, null, hardware(d.pricedHardware()));
    return new FdrView.Sponsor(required(d.sponsor()), required(d.systemName()), FdrFormat.date(date),
        required(d.auditor()), priced.hardware(), List.of(new FdrView.Configuration(MEASURED, null, measured),
        priced),
        software(d.software()),
        tunables == null ? List.of() : tunables.stream().filter(Objects::nonNull).map(SponsorSection::tunable)
            .toList(),
        tunables == null ? MISSING : null, tunables != null && tunables.isEmpty(),
        tunables != null && !tunables.isEmpty(),
        blank(d.compilerOptions()) ? NO_COMPILER_OPTIONS : d.compilerOptions().trim(), required(d.dataLayout()),
        required(d.pricedConfigurationDifferences()));
  }

  private static FdrView.Hardware hardware(SystemDescription.Hardware given) {
    SystemDescription.Hardware h = given == null ? NO_HARDWARE : given;
    List<FdrView.Node> nodes = new ArrayList<>();
    if (h.nodes() != null) {
      for (int i = 0; i < h.nodes().size(); i++) {
        nodes.add(node(i + 1, h.nodes().get(i)));
      }
    }
    return new FdrView.Hardware(given == null ? MISSING : null, required(h.diagram()), nodes,
        required(h.network()), optional(h.other()), summary(h));
  }

  private static FdrView.Node node(int number, SystemDescription.Node n) {
    SystemDescription.Processors p = n.processors() != null ? n.processors()
        : new SystemDescription.Processors(null, null, null, null, null);
    String disks = n.disks() == null || n.disks().isEmpty() ? MISSING : n.disks().stream()
        .map(g -> required(g.count()) + " × " + required(g.capacity()) + " " + required(g.type()))
        .collect(Collectors.joining("; "));
    return new FdrView.Node(Integer.toString(number), required(n.role()), required(n.count()),
        required(n.model()), required(p.model()), required(p.count()), required(p.coresPerProcessor()),
        required(p.threadsPerCore()), required(p.caches()), required(n.memory()), optional(n.memoryPartitioning()),
        disks, required(n.storageControllers()), required(n.network()));
  }

  /** The executive summary's one-line totals; MISSING (already listed field by field) when a part is missing. */
  private static FdrView.HardwareSummary summary(SystemDescription.Hardware h) {
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
      String times = required(n.count()) + " × ";
      // The sponsor's text as given: the node table shows it trimmed.
      memory.add(times + (blank(n.memory()) ? MISSING : n.memory()));
      String disks = n.disks() == null || n.disks().isEmpty() ? MISSING : n.disks().stream()
          .map(g -> required(g.count()) + " × " + required(g.capacity()) + " " + required(g.type()))
          .collect(Collectors.joining(" + "));
      storage.add(times + "(" + disks + ")");
    }
    return new FdrView.HardwareSummary(counted ? Long.toString(nodeCount) : MISSING,
        counted ? Long.toString(processors) : MISSING, counted ? Long.toString(cores) : MISSING,
        counted ? Long.toString(threads) : MISSING, memory.isEmpty() ? MISSING : String.join(", ", memory),
        storage.isEmpty() ? MISSING : String.join(", ", storage), blank(h.network()) ? MISSING : h.network());
  }

  private static FdrView.Software software(SystemDescription.Software s) {
    if (s == null) {
      return new FdrView.Software(product(null), product(null), product(null), List.of());
    }
    return new FdrView.Software(product(s.dataManagementSystem()), product(s.operatingSystem()),
        product(s.jvm()), s.other() == null ? List.of() : s.other().stream().map(SponsorSection::product).toList());
  }

  private static FdrView.Product product(SystemDescription.Product p) {
    if (p == null) {
      return new FdrView.Product(MISSING, MISSING, MISSING);
    }
    String name = required(p.name());
    String version = required(p.version());
    return new FdrView.Product(name, version, name + " " + version);
  }

  private static FdrView.Tunable tunable(SystemDescription.Tunable t) {
    // A sponsor may list a changed password among the tunables; its value still never appears.
    return new FdrView.Tunable(required(t.component()), required(t.setting()),
        FdrFormat.setting(t.setting(), required(t.value())));
  }
}
