package io.iotkit.cli;

import io.iotkit.binding.BindingProvider;
import io.iotkit.model.KitLayout;
import io.iotkit.sut.Bindings;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/** The binding a user named with -b, or one line saying which ones exist. */
final class BindingChoice {
  private BindingChoice() {
  }

  static BindingProvider load(KitLayout kit, String name) throws BadInputException, IOException {
    var provider = Bindings.load(name, kit.bindingClasspath(name));
    if (provider.isEmpty()) {
      throw new BadInputException("unknown binding '" + name + "'; built bindings: " + String.join(", ", built(kit)));
    }
    return provider.get();
  }

  /** Bindings that are built and really provide themselves under their folder's name. */
  private static List<String> built(KitLayout kit) throws IOException {
    List<String> usable = new ArrayList<>();
    for (String name : kit.bindings()) {
      if (Bindings.load(name, kit.bindingClasspath(name)).isPresent()) {
        usable.add(name);
      }
    }
    return usable;
  }
}
