package io.iotkit.binding.sink;

import io.iotkit.binding.StandardBindingProvider;

/** Registers the sink as binding "null"; it needs no server. */
public final class NullProvider extends StandardBindingProvider {
  public NullProvider() {
    super("null", NullBinding::new, properties -> new NullAdmin());
  }
}
