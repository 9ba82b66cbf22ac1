package io.iotkit.binding.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class PlainThreadsTest {

  private static PlainReading[] pool(String... sensors) {
    PlainReading[] pool = new PlainReading[sensors.length];
    for (int i = 0; i < sensors.length; i++) {
      pool[i] = new PlainReading(sensors[i], "1.0", "u", new byte[0]);
    }
    return pool;
  }

  @Test
  void eachSensorBelongsToOneThreadAndEveryReadingIsWrittenOnce() throws Exception {
    PlainReading[] pool = pool("a", "b", "c", "a", "d", "b", "e", "c");
    Map<String, Thread> writerOf = new ConcurrentHashMap<>();
    List<Long> written = Collections.synchronizedList(new ArrayList<>());
    AtomicInteger sameSensorTwoThreads = new AtomicInteger();
    long acknowledged = PlainThreads.run(pool, 1_003, 3, (mine, from, to) -> {
      for (long i = from; i < to; i++) {
        String sensor = pool[mine[(int) ((i - from) % mine.length)]].sensor();
        if (writerOf.putIfAbsent(sensor, Thread.currentThread()) != null
            && writerOf.get(sensor) != Thread.currentThread()) {
          sameSensorTwoThreads.incrementAndGet();
        }
        written.add(i);
      }
      return to - from;
    });
    assertEquals(1_003, acknowledged);
    assertEquals(0, sameSensorTwoThreads.get());
    assertEquals(5, writerOf.size(), "every sensor written");
    List<Long> sorted = new ArrayList<>(written);
    Collections.sort(sorted);
    for (int i = 0; i < 1_003; i++) {
      assertEquals(i, sorted.get(i), "reading " + i + " written once");
    }
  }

  @Test
  void noMoreThreadsThanSensors() {
    List<int[]> shares = PlainThreads.bySensor(pool("a", "b", "a", "b"), 10);
    assertEquals(2, shares.size());
    Map<Integer, Integer> sizes = new HashMap<>();
    shares.forEach(s -> sizes.merge(s.length, 1, Integer::sum));
    assertEquals(Map.of(2, 2), sizes);
  }

  @Test
  void aThreadsFailureIsThrownAfterTheOthersEnded() {
    IOException refused = new IOException("refused");
    AtomicInteger ended = new AtomicInteger();
    Exception thrown = assertThrows(IOException.class, () -> PlainThreads.run(pool("a", "b", "c"), 30, 3,
        (mine, from, to) -> {
          if (from == 0) {
            throw refused;
          }
          Thread.sleep(50);
          ended.incrementAndGet();
          return to - from;
        }));
    assertSame(refused, thrown);
    assertEquals(2, ended.get());
  }
}
