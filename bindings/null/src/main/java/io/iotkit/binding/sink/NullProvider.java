package io.iotkit.binding.sink;

import io.iotkit.binding.BindingProvider;
import io.iotkit.binding.KitBinding;
import io.iotkit.process.LocalServer;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Properties;

/** Registers the sink as binding "null". */
public final class NullProvider implements BindingProvider {
  @Override
  public String name() {
    return "null";
  }

  @Override
  public KitBinding newBinding() {
    return new NullBinding();
  }

  @Override
  public Optional<LocalServer> localServer(Properties properties, Path kitHome) {
    return Optional.empty();
  }
}
