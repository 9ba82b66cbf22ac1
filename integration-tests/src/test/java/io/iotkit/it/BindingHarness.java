package io.iotkit.it;

import io.iotkit.binding.BindingProvider;
import io.iotkit.binding.KitBinding;
import io.iotkit.binding.StoreAdmin;
import io.iotkit.binding.WindowQueries;
import io.iotkit.check.ExecutionRules;
import io.iotkit.instance.InstanceRunner;
import io.iotkit.metrics.InstanceSeries;
import io.iotkit.model.Arrivals;
import io.iotkit.model.CheckResult;
import io.iotkit.model.Clock;
import io.iotkit.model.InstanceResult;
import io.iotkit.model.InstanceSpec;
import io.iotkit.model.KitLayout;
import io.iotkit.model.SubstationCount;
import io.iotkit.model.WorkloadSpec;
import io.iotkit.process.LocalServer;
import io.iotkit.process.LocalSetup;
import io.iotkit.sut.Bindings;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.function.Supplier;

/**
 * A built binding and its real local server, driven directly: writes readings exactly as a driver instance
 * does, so a test can then change the store behind the kit's back and run the kit's data check on it.
 */
final class BindingHarness implements AutoCloseable {
  final BindingProvider provider;
  /** The local server the harness started, or null when it connected to one that runs already. */
  final LocalServer server;
  /** The binding properties: the given ones with the local server's address laid over them. */
  final Properties properties;
  /** One binding object, as an instance thread has: for a test's own writes and window queries. */
  final KitBinding binding;
  /** The store as the master uses it: counts, purge, preparation. */
  final StoreAdmin admin;

  private BindingHarness(BindingProvider provider, LocalServer server, Properties properties, KitBinding binding,
                         StoreAdmin admin) {
    this.provider = provider;
    this.server = server;
    this.properties = properties;
    this.binding = binding;
    this.admin = admin;
  }

  /** The binding's window queries (a store that answers them). */
  WindowQueries queries() {
    return (WindowQueries) binding;
  }

  /** Opens an instance thread's binding and the master's admin on the server these properties name. */
  private static BindingHarness open(BindingProvider provider, LocalServer server, Properties properties)
      throws Exception {
    KitBinding binding = provider.newBinding();
    binding.setProperties(properties);
    binding.init();
    try {
      return new BindingHarness(provider, server, properties, binding, provider.openAdmin(properties));
    } catch (Exception | Error e) {
      binding.cleanup();
      throw e;
    }
  }

  /** Starts the binding's local server under {@code workDir} and opens the binding on it. */
  static BindingHarness start(String name, Path workDir, Properties given) throws Exception {
    KitLayout kit = new KitLayout(KitProcess.HOME);
    BindingProvider provider = provider(name, kit);
    LocalServer server = provider.localServer(given, LocalSetup.single(kit.home()))
        .orElseThrow(() -> new AssertionError(name + " offers no local server for these properties"));
    Properties props = new Properties();
    props.putAll(given);
    try {
      props.putAll(server.start(workDir));
      return open(provider, server, props);
    } catch (Exception | Error e) {
      server.stop();
      throw e;
    }
  }

  /**
   * Opens the binding on a server that runs already (e.g. one bin/tpcx-iot.sh server start started), which it
   * leaves running when it closes.
   *
   * @param properties binding properties that name the server's address
   */
  static BindingHarness connect(String name, Properties properties) throws Exception {
    return open(provider(name, new KitLayout(KitProcess.HOME)), null, properties);
  }

  private static BindingProvider provider(String name, KitLayout kit) throws Exception {
    BindingProvider provider = Bindings.load(name, kit.bindingClasspath(name))
        .orElseThrow(() -> new AssertionError("binding " + name + " is not built"));
    // as the master does: store clients load classes through the context class loader
    Thread.currentThread().setContextClassLoader(provider.getClass().getClassLoader());
    return provider;
  }

  /** Writes {@code kvps} readings of one substation as a driver instance would; returns what it measured. */
  InstanceResult write(String substation, long kvps, int threads) throws Exception {
    return write(substation, kvps, threads, null);
  }

  /**
   * Writes as {@link #write(String, long, int)} does, through a binding with {@code fault} in front of the store
   * (none if null): the instance counts what that binding acknowledges.
   */
  InstanceResult write(String substation, long kvps, int threads, FaultyBinding.Fault fault) throws Exception {
    Map<String, String> overrides = new HashMap<>();
    properties.stringPropertyNames().forEach(k -> overrides.put(k, properties.getProperty(k)));
    InstanceSpec spec = new InstanceSpec("harness", 0, 1, substation, kvps, WorkloadSpec.KVP_BYTES, threads,
        provider.name(), null, overrides, 0, 42, "unused", null, 0, Arrivals.FIXED, false);
    Supplier<KitBinding> bindings = fault == null ? provider::newBinding
        : () -> FaultyBinding.around(provider.newBinding(), fault);
    InstanceSeries series = new InstanceSeries(spec.instance());
    return series.result(new InstanceRunner(spec, bindings, properties, Clock::micros, series::add, null)
        .run(Clock::micros));
  }

  /** The kit's data check of one substation against the readings its instance had acknowledged. */
  CheckResult dataCheck(String substation, long acknowledged) throws Exception {
    return dataCheck(Map.of(substation, acknowledged));
  }

  /** The kit's data check of each substation against the readings its instance had acknowledged. */
  CheckResult dataCheck(Map<String, Long> acknowledged) throws Exception {
    Map<String, Long> stored = admin.countReadings(List.copyOf(acknowledged.keySet()));
    return ExecutionRules.dataCheck("harness", SubstationCount.of(acknowledged, stored));
  }

  @Override
  public void close() throws Exception {
    try {
      admin.close();
      binding.cleanup();
    } finally {
      if (server != null) {
        server.stop();
      }
    }
  }
}
