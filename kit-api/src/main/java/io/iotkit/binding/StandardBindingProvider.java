package io.iotkit.binding;

import io.iotkit.process.LocalServer;
import io.iotkit.process.LocalSetup;
import java.util.Optional;
import java.util.Properties;
import java.util.function.Supplier;

/**
 * The usual provider: a name, a way to make the binding, and the local server the kit starts when the property
 * that holds the SUT's address is not set. A binding's provider is a subclass with a public no-argument
 * constructor (as {@link java.util.ServiceLoader} needs), e.g.
 * {@code super("kafka", KafkaBinding::new, "kafka.bootstrap.servers", (p, setup) -> new LocalKafka(setup))}.
 */
public abstract class StandardBindingProvider implements BindingProvider {
  /** Makes the local server from the binding properties and the kit's request. */
  @FunctionalInterface
  public interface LocalServerFactory {
    LocalServer create(Properties properties, LocalSetup setup);
  }

  private final String name;
  private final Supplier<KitBinding> bindings;
  private final String addressProperty;
  private final LocalServerFactory localServer;

  /** A binding that needs no server (there is no address to set). */
  protected StandardBindingProvider(String name, Supplier<KitBinding> bindings) {
    this(name, bindings, null, null);
  }

  /**
   * @param addressProperty the property that names the SUT's address
   * @param localServer     the server to start when {@code addressProperty} is missing or blank
   */
  protected StandardBindingProvider(String name, Supplier<KitBinding> bindings, String addressProperty,
                                    LocalServerFactory localServer) {
    this.name = name;
    this.bindings = bindings;
    this.addressProperty = addressProperty;
    this.localServer = localServer;
  }

  @Override
  public final String name() {
    return name;
  }

  @Override
  public final KitBinding newBinding() {
    return bindings.get();
  }

  @Override
  public final Optional<LocalServer> localServer(Properties properties, LocalSetup setup) {
    if (localServer == null || !properties.getProperty(addressProperty, "").isBlank()) {
      return Optional.empty();
    }
    return Optional.of(localServer.create(properties, setup));
  }
}
