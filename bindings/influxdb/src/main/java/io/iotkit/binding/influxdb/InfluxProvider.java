package io.iotkit.binding.influxdb;

import io.iotkit.binding.StandardBindingProvider;
import io.iotkit.binding.bench.PlainClientLoop;
import java.util.Optional;
import java.util.Properties;

/** Registers binding "influxdb"; with no influxdb.url configured, the kit starts a local influxd. */
public final class InfluxProvider extends StandardBindingProvider {
  public InfluxProvider() {
    super("influxdb", InfluxBinding::new, InfluxAdmin::open, InfluxSettings.URL,
        (properties, setup) -> new LocalInflux(setup, properties));
  }

  @Override
  protected void readSettings(Properties properties) {
    InfluxSettings.from(properties);
  }

  /** The JDK's HttpClient posting the binding's batches synchronously ({@link InfluxPlainLoop}). */
  @Override
  public Optional<PlainClientLoop> plainClientLoop(Properties properties) {
    return Optional.of(new InfluxPlainLoop(properties));
  }
}
