package io.iotkit.sut;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iotkit.binding.BindingProvider;
import io.iotkit.binding.KitBinding;
import io.iotkit.binding.Replication;
import io.iotkit.binding.StoreAdmin;
import io.iotkit.process.LocalServer;
import io.iotkit.process.LocalSetup;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsb.DBException;

/**
 * The watch over a whole session: a silence that ends is an outage; a restart's silence, announced, is not; after
 * the restart the watch opens its connection again.
 */
class SutWatchTest {

  /** A store that answers while {@link #answering} is set, and counts the connections opened to it. */
  private static final class Store implements BindingProvider {
    volatile boolean answering = true;
    final AtomicInteger connections = new AtomicInteger();

    @Override
    public String name() {
      return "fake";
    }

    @Override
    public KitBinding newBinding() {
      throw new UnsupportedOperationException();
    }

    @Override
    public StoreAdmin openAdmin(Properties properties) {
      connections.incrementAndGet();
      return new StoreAdmin() {
        @Override
        public Replication replication() {
          return new Replication(3, "fake");
        }

        @Override
        public Map<String, Long> countReadings(List<String> substations) {
          return Map.of();
        }

        @Override
        public void purge() {
        }

        @Override
        public void ping() throws DBException {
          if (!answering) {
            throw new DBException("no answer");
          }
        }

        @Override
        public void close() {
        }
      };
    }

    @Override
    public Optional<LocalServer> localServer(Properties properties, LocalSetup setup) {
      return Optional.empty();
    }
  }

  private static SutSession open(Store store, Path dir) throws Exception {
    Path props = Files.writeString(dir.resolve("fake.properties"), "");
    return SutSession.open(store, props, Map.of(), LocalSetup.single(dir), dir);
  }

  @Test
  void aSilenceThatEndsIsAnOutageButAnAnnouncedRestartsIsNot(@TempDir Path dir) throws Exception {
    Store store = new Store();
    try (SutSession sut = open(store, dir); SutWatch watch = SutWatch.start(sut, Optional::empty, seconds -> { })) {
      watch.phase("iteration 1 preparation");
      silence(store, watch, 3_000);
      assertEquals(1, watch.outages().size(), "3 s of silence that ended: " + watch.outages());
      assertEquals("iteration 1 preparation", watch.outages().get(0).phase());

      watch.expectOutage("system cleanup restart");
      silence(store, watch, 3_000);
      watch.phase("after the restart");
      Thread.sleep(1_500);
      assertTrue(watch.fault().isEmpty());
      assertEquals(1, watch.outages().size(), "the restart's silence is not an outage: " + watch.outages());
    }
  }

  @Test
  void afterARestartTheWatchConnectsAgain(@TempDir Path dir) throws Exception {
    Store store = new Store();
    try (SutSession sut = open(store, dir); SutWatch watch = SutWatch.start(sut, Optional::empty, seconds -> { })) {
      Thread.sleep(1_500);
      int before = store.connections.get();
      watch.reconnect();
      Thread.sleep(2_500);
      assertEquals(before + 1, store.connections.get(), "one new connection after the restart");
    }
  }

  @Test
  void aFullDiskEndsTheRunEvenWhileARestartIsExpected(@TempDir Path dir) throws Exception {
    Store store = new Store();
    try (SutSession sut = open(store, dir);
         SutWatch watch = SutWatch.start(sut, () -> Optional.of("the disk of /x is full"),
             seconds -> { })) {
      watch.expectOutage("system cleanup restart");
      assertTrue(watch.fault().orElseThrow().startsWith("fake: the disk of /x is full: the run ends"),
          watch.fault().toString());
    }
  }

  /** The store silent for {@code millis}, with the watch looked at as the master's loops do, then answering. */
  private static void silence(Store store, SutWatch watch, long millis) throws InterruptedException {
    store.answering = false;
    long end = System.currentTimeMillis() + millis;
    while (System.currentTimeMillis() < end) {
      assertTrue(watch.fault().isEmpty(), "a 3 s silence is not fatal");
      Thread.sleep(100);
    }
    store.answering = true;
    long deadline = System.currentTimeMillis() + 3_000;
    while (System.currentTimeMillis() < deadline) { // until a ping answered and a look saw it
      watch.fault();
      Thread.sleep(100);
    }
  }
}
