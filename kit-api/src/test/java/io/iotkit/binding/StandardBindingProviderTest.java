package io.iotkit.binding;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
import site.ycsb.DBException;

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

    @Override
    public WindowResult aggregate(Aggregate fn, String substation, String sensor, long from, long to) {
      return null;
    }

    @Override
    public Replication replication() {
      return null;
    }

    @Override
    public long countReadings(List<String> substations) {
      return 0;
    }

    @Override
    public void purge() throws DBException {
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
      super("store", Idle::new, "store.host", (properties, setup) -> new Server(setup.kitHome()));
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
      super("sink", Idle::new);
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
    assertInstanceOf(Idle.class, p.newBinding());
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
}
