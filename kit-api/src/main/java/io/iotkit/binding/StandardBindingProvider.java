package io.iotkit.binding;

import io.iotkit.process.LocalServer;
import io.iotkit.process.LocalSetup;
import java.util.Optional;
import java.util.Properties;
import java.util.function.Supplier;
import site.ycsb.DBException;

/**
 * The usual provider: a name, a way to make the binding for an instance thread and to open the master's
 * {@link StoreAdmin}, and the local server the kit starts when the property that holds the SUT's address is not
 * set. A binding's provider is a subclass with a public no-argument constructor (as
 * {@link java.util.ServiceLoader} needs), e.g. {@code super("kafka", KafkaBinding::new, KafkaAdmin::open,
 * "kafka.bootstrap.servers", (p, setup) -> new LocalKafka(setup))}.
 */
public abstract class StandardBindingProvider implements BindingProvider {
  /** Opens the master's connection to the store from the (complete) binding properties. */
  @FunctionalInterface
  public interface AdminOpener {
    StoreAdmin open(Properties properties) throws DBException;
  }

  /** Makes the local server from the binding properties and the kit's request. */
  @FunctionalInterface
  public interface LocalServerFactory {
    LocalServer create(Properties properties, LocalSetup setup);
  }

  /**
   * Stands for the address a local server gets when it starts, while {@link #checkProperties} reads the properties
   * before: host:port, which every binding's address property accepts.
   */
  private static final String LOCAL_ADDRESS = "127.0.0.1:1";

  private final String name;
  private final Supplier<KitBinding> bindings;
  private final AdminOpener admins;
  private final String addressProperty;
  private final LocalServerFactory localServer;

  /** A binding that needs no server (there is no address to set). */
  protected StandardBindingProvider(String name, Supplier<KitBinding> bindings, AdminOpener admins) {
    this(name, bindings, admins, null, null);
  }

  /**
   * @param addressProperty the property that names the SUT's address
   * @param localServer     the server to start when {@code addressProperty} is missing or blank
   */
  protected StandardBindingProvider(String name, Supplier<KitBinding> bindings, AdminOpener admins,
                                    String addressProperty, LocalServerFactory localServer) {
    this.name = name;
    this.bindings = bindings;
    this.admins = admins;
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
  public final StoreAdmin openAdmin(Properties properties) throws DBException {
    return admins.open(properties);
  }

  /**
   * Reads the settings as the binding's {@code init()} does, the address given; a subclass whose binding has
   * settings to check overrides {@link #readSettings}.
   */
  @Override
  public final void checkProperties(Properties properties) {
    Properties p = properties;
    if (addressProperty != null && properties.getProperty(addressProperty, "").isBlank()) {
      p = new Properties();
      p.putAll(properties);
      p.setProperty(addressProperty, LOCAL_ADDRESS);
    }
    readSettings(p);
  }

  /**
   * Reads the binding's settings from {@code properties} as its {@code init()} does, throwing
   * {@link io.iotkit.binding.settings.BadPropertyException} for a bad one; nothing by default.
   */
  protected void readSettings(Properties properties) {
  }

  @Override
  public final Optional<LocalServer> localServer(Properties properties, LocalSetup setup) {
    if (localServer == null || !properties.getProperty(addressProperty, "").isBlank()) {
      return Optional.empty();
    }
    return Optional.of(localServer.create(properties, setup));
  }
}
