package io.iotkit.binding;

import io.iotkit.binding.bench.PlainClientLoop;
import io.iotkit.process.LocalServer;
import io.iotkit.process.LocalSetup;
import java.util.Optional;
import java.util.Properties;
import site.ycsb.DBException;

/**
 * Names a binding and makes its objects. Bindings register one with {@link java.util.ServiceLoader}
 * (META-INF/services/io.iotkit.binding.BindingProvider); the kit chooses one by {@link #name()} ({@code -b}).
 * Most extend {@link StandardBindingProvider}.
 */
public interface BindingProvider {

  /** The name users pass to {@code -b}, e.g. "hbase". */
  String name();

  /** A new, uninitialised binding for one instance thread; the caller sets its properties and calls {@code init()}. */
  KitBinding newBinding();

  /**
   * The store as the master uses it, connected with these (complete) properties.
   *
   * @throws DBException with one line for the user when the store cannot be reached or used
   */
  StoreAdmin openAdmin(Properties properties) throws DBException;

  /** Whether the store answers the dashboard's window queries: whether its bindings are {@link WindowQueries}. */
  default boolean answersQueries() {
    return newBinding() instanceof WindowQueries;
  }

  /**
   * Whether a reader started after the writes still receives every reading stored ({@link
   * StoreAdmin#watchDeliveries} then reads the stored volume from its beginning): true for a log such as Kafka's,
   * false for a broker that hands a message only to the subscribers it had, and for a store read by query.
   */
  default boolean keepsDeliveries() {
    return false;
  }

  /**
   * The real local server this binding starts for a user with no SUT, when {@code properties} configure
   * no address; empty when they do, or when the binding needs no server.
   *
   * @param setup where the kit lies, how many nodes, and the address to listen on
   */
  Optional<LocalServer> localServer(Properties properties, LocalSetup setup);

  /**
   * Checks the binding properties as the binding's {@code init()} will read them, before the kit starts a local
   * server or connects to anything, so that a bad property ends the run at once. The SUT's address may be missing
   * (the local server sets it later). Nothing is checked by default.
   *
   * @throws io.iotkit.binding.settings.BadPropertyException naming the property that is wrong
   */
  default void checkProperties(Properties properties) {
  }

  /**
   * A plain loop of the store's own client, connected as a binding with these (complete) properties would be, for
   * the kit's benchmark; empty for a binding that has none (the sink).
   */
  default Optional<PlainClientLoop> plainClientLoop(Properties properties) {
    return Optional.empty();
  }
}
