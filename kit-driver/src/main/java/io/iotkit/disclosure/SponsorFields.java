package io.iotkit.disclosure;

import static io.iotkit.disclosure.FdrFormat.blank;

import io.iotkit.binding.SecretNames;
import io.iotkit.model.Pricing;
import io.iotkit.model.SystemDescription;
import java.util.ArrayList;
import java.util.List;

/**
 * What the sponsor has left out: the paths of the empty required fields of the system description, in the order
 * the documents show them (e.g. "hardware.nodes[0].processors.model"), and the pricing file when there is none.
 * A part left out as a whole is one entry ("hardware"), not one per field under it.
 */
final class SponsorFields {
  /** Where the missing pricing is reported, as a "field" of the missing list. */
  static final String PRICING_FILE = "pricing file (--pricing)";

  private final List<String> missing = new ArrayList<>();

  private SponsorFields() {
  }

  /** Everything sponsor-side that a run's documents show as missing; either argument may be null (none given). */
  static List<String> missing(SystemDescription d, Pricing p) {
    List<String> all = new ArrayList<>(inDescription(d));
    if (p == null) {
      all.add(PRICING_FILE);
    }
    return List.copyOf(all);
  }

  /** The empty fields of a description; every top-level one when it is null. */
  static List<String> inDescription(SystemDescription d) {
    SponsorFields f = new SponsorFields();
    f.description(d == null ? SystemDescription.NONE : d);
    return List.copyOf(f.missing);
  }

  private void description(SystemDescription d) {
    require("sponsor", d.sponsor());
    require("systemName", d.systemName());
    require("auditor", d.auditor());
    hardware("hardware", d.hardware());
    if (d.pricedHardware() != null) { // none: the priced configuration is the measured one
      hardware("pricedHardware", d.pricedHardware());
    }
    software(d.software());
    tunables(d.tunables());
    require("dataLayout", d.dataLayout());
    require("pricedConfigurationDifferences", d.pricedConfigurationDifferences());
  }

  private void hardware(String at, SystemDescription.Hardware h) {
    if (h == null) {
      missing.add(at);
      return;
    }
    require(at + ".diagram", h.diagram());
    if (h.nodes() == null || h.nodes().isEmpty()) {
      missing.add(at + ".nodes");
    } else {
      for (int i = 0; i < h.nodes().size(); i++) {
        node(at + ".nodes[" + i + "]", h.nodes().get(i));
      }
    }
    require(at + ".network", h.network());
  }

  private void node(String at, SystemDescription.Node n) {
    require(at + ".role", n.role());
    require(at + ".count", n.count());
    require(at + ".model", n.model());
    SystemDescription.Processors p = n.processors();
    String pat = at + ".processors";
    if (p == null) {
      missing.add(pat);
    } else {
      require(pat + ".model", p.model());
      require(pat + ".count", p.count());
      require(pat + ".coresPerProcessor", p.coresPerProcessor());
      require(pat + ".threadsPerCore", p.threadsPerCore());
      require(pat + ".caches", p.caches());
    }
    require(at + ".memory", n.memory());
    if (n.disks() == null || n.disks().isEmpty()) {
      missing.add(at + ".disks");
    } else {
      for (int j = 0; j < n.disks().size(); j++) {
        SystemDescription.Disks g = n.disks().get(j);
        String dat = at + ".disks[" + j + "]";
        require(dat + ".count", g.count());
        require(dat + ".type", g.type());
        require(dat + ".capacity", g.capacity());
      }
    }
    require(at + ".storageControllers", n.storageControllers());
    require(at + ".network", n.network());
  }

  private void software(SystemDescription.Software s) {
    if (s == null) {
      missing.add("software");
      return;
    }
    product("software.dataManagementSystem", s.dataManagementSystem());
    product("software.operatingSystem", s.operatingSystem());
    product("software.jvm", s.jvm());
    if (s.other() != null) {
      for (int i = 0; i < s.other().size(); i++) {
        product("software.other[" + i + "]", s.other().get(i));
      }
    }
  }

  private void product(String at, SystemDescription.Product p) {
    if (p == null) {
      missing.add(at);
      return;
    }
    require(at + ".name", p.name());
    require(at + ".version", p.version());
  }

  private void tunables(List<SystemDescription.Tunable> tunables) {
    if (tunables == null) {
      missing.add("tunables");
      return;
    }
    for (int i = 0; i < tunables.size(); i++) {
      SystemDescription.Tunable t = tunables.get(i);
      String at = "tunables[" + i + "]";
      if (t == null) {
        missing.add(at);
        continue;
      }
      require(at + ".component", t.component());
      require(at + ".setting", t.setting());
      // A secret's value never appears, so an empty one is not asked for either.
      if (!SecretNames.isSecret(t.setting())) {
        require(at + ".value", t.value());
      }
    }
  }

  private void require(String at, String value) {
    if (blank(value)) {
      missing.add(at);
    }
  }

  private void require(String at, Integer value) {
    if (value == null) {
      missing.add(at);
    }
  }
}
