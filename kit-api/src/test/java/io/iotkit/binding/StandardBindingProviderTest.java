package io.iotkit.binding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iotkit.binding.settings.BadPropertyException;
import io.iotkit.binding.settings.PropertyReader;
import io.iotkit.process.LocalServer;
import io.iotkit.process.LocalSetup;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class StandardBindingProviderTest {

  /** A binding that does nothing, for the provider to make. */
  static final class Idle extends KitBinding {
    @Override
    public void write(Reading reading, Acknowledgement ack) {
      ack.acknowledged();
    }

    @Override
    public void flush() {
    }

  }

  /** A store that holds nothing, for the provider to open. */
  static final class Empty implements StoreAdmin {
    @Override
    public Replication replication() {
      return new Replication(0, "nothing kept");
    }

    @Override
    public Map<String, Long> countReadings(List<String> substations) {
      return Map.of();
    }

    @Override
    public void purge() {
    }

    @Override
    public void close() {
    }
  }

  /** A binding that also answers window queries. */
  static final class Querying extends KitBinding implements WindowQueries {
    @Override
    public void write(Reading reading, Acknowledgement ack) {
      ack.acknowledged();
    }

    @Override
    public void flush() {
    }

    @Override
    public WindowResult aggregate(Aggregate fn, String substation, String sensor, long from, long to) {
      return new WindowResult(0, 0, 0);
    }
  }

  /** A server that is never started. */
  record Server(Path kitHome) implements LocalServer {
    @Override
    public String description() {
      return "test server";
    }

    @Override
    public Properties start(Path workDir) {
      return new Properties();
    }

    @Override
    public Properties restart() {
      return new Properties();
    }

    @Override
    public void stop() {
    }

    @Override
    public List<Node> nodes() {
      return List.of();
    }
  }

  static final class WithServer extends StandardBindingProvider {
    WithServer() {
      super("store", Querying::new, p -> new Empty(), "store.host", (properties, setup) -> new Server(setup.kitHome()));
    }

    /** As a binding's settings would: the address must be host:port, and store.size a number. */
    @Override
    protected void readSettings(Properties properties) {
      PropertyReader reader = new PropertyReader(properties);
      reader.hostPorts("store.host", "", 0);
      reader.intIn("store.size", 1, 1, 10);
    }
  }

  static final class WithoutServer extends StandardBindingProvider {
    WithoutServer() {
      super("sink", Idle::new, p -> new Empty());
    }
  }

  private static Properties props(Map<String, String> values) {
    Properties p = new Properties();
    p.putAll(values);
    return p;
  }

  @Test
  void theLocalServerStartsOnlyWithoutAnAddress() {
    BindingProvider p = new WithServer();
    assertEquals("store", p.name());
    assertInstanceOf(Querying.class, p.newBinding());
    Path home = Path.of("/kit");
    LocalSetup setup = LocalSetup.single(home);
    assertEquals(new Server(home), p.localServer(props(Map.of()), setup).orElseThrow());
    assertEquals(new Server(home), p.localServer(props(Map.of("store.host", " ")), setup).orElseThrow(), "blank");
    assertTrue(p.localServer(props(Map.of("store.host", "db1")), setup).isEmpty());
  }

  @Test
  void aBindingWithoutServerNeverStartsOne() {
    assertTrue(new WithoutServer().localServer(props(Map.of()), LocalSetup.single(Path.of("/kit"))).isEmpty());
  }

  @Test
  void propertiesAreCheckedWithAStandInForTheLocalServersAddress() {
    BindingProvider p = new WithServer();
    p.checkProperties(props(Map.of()));
    p.checkProperties(props(Map.of("store.host", "db1:5")));
    assertEquals("store.size '11' is not a whole number from 1 to 10", assertThrows(BadPropertyException.class,
        () -> p.checkProperties(props(Map.of("store.size", "11")))).getMessage());
    assertThrows(BadPropertyException.class, () -> p.checkProperties(props(Map.of("store.host", "db1"))));
    new WithoutServer().checkProperties(props(Map.of("anything", "x")));
  }

  @Test
  void aStoreAnswersQueriesWhenItsBindingsAreWindowQueries() {
    assertTrue(new WithServer().answersQueries());
    assertFalse(new WithoutServer().answersQueries());
  }
}
