package io.iotkit.binding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iotkit.process.LocalServer;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import site.ycsb.DBException;

class StandardBindingProviderTest {

  /** A binding that does nothing, for the provider to make. */
  static final class Idle extends KitBinding {
    @Override
    public site.ycsb.Status flush() {
      return site.ycsb.Status.OK;
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

    @Override
    public site.ycsb.Status insert(String table, String key, java.util.Map<String, site.ycsb.ByteIterator> values) {
      return site.ycsb.Status.OK;
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
  }

  static final class WithServer extends StandardBindingProvider {
    WithServer() {
      super("store", Idle::new, "store.host", (properties, kitHome) -> new Server(kitHome));
    }
  }

  static final class WithoutServer extends StandardBindingProvider {
    WithoutServer() {
      super("sink", Idle::new);
    }
  }

  private static Properties props(String... kv) {
    Properties p = new Properties();
    for (int i = 0; i < kv.length; i += 2) {
      p.setProperty(kv[i], kv[i + 1]);
    }
    return p;
  }

  @Test
  void theLocalServerStartsOnlyWithoutAnAddress() {
    BindingProvider p = new WithServer();
    assertEquals("store", p.name());
    assertInstanceOf(Idle.class, p.newBinding());
    assertEquals(new Server(Path.of("/kit")), p.localServer(props(), Path.of("/kit")).orElseThrow());
    assertEquals(new Server(Path.of("/kit")), p.localServer(props("store.host", " "), Path.of("/kit")).orElseThrow());
    assertTrue(p.localServer(props("store.host", "db1"), Path.of("/kit")).isEmpty());
    assertEquals(List.of(), p.warnings(props()));
  }

  @Test
  void aBindingWithoutServerNeverStartsOne() {
    assertTrue(new WithoutServer().localServer(props(), Path.of("/kit")).isEmpty());
  }
}
