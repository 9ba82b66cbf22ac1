package io.iotkit.instance;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;

/**
 * The JVM's stop-the-world collection time so far, in µs: the sum over its collectors' beans of their collection
 * time, leaving out the beans that count concurrent cycles (G1's "G1 Concurrent GC", ZGC's and Shenandoah's
 * "Cycles"), during which the application runs. A difference of two readings is the pauses between them.
 */
final class GcPauses {
  private GcPauses() {
  }

  static long micros() {
    long millis = 0;
    for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
      String name = gc.getName();
      if (name.contains("Concurrent") || name.contains("Cycles")) {
        continue;
      }
      millis += Math.max(0, gc.getCollectionTime()); // -1: the collector does not say
    }
    return millis * 1_000;
  }
}
