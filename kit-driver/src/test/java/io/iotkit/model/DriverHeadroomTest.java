package io.iotkit.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DriverHeadroomTest {
  /** An instance whose execution lasted 10 s, with this account of its time. */
  private static InstanceResult instance(int i, DriverTime time) {
    return new InstanceResult(i, "s" + i, 10, 10, 0, 0, 10_000_000, 0, 0, 0, 0, Map.of(), null, null, Map.of(),
        new long[0], null, null, Map.of(), 0L, time);
  }

  /** A host of 2 CPUs busy {@code busy} CPU s/s every second, with one instance using {@code instanceCpu} of it. */
  private static ResourceUsage host(String name, double busy, double instanceCpu, String... roles) {
    double[] user = new double[10];
    Arrays.fill(user, busy);
    double[] cpu = new double[10];
    Arrays.fill(cpu, instanceCpu);
    long[] none = new long[10];
    return new ResourceUsage(
        List.of(new ResourceUsage.HostUsage(name, List.of(roles), 2, 8L << 30, user, new double[10], new double[10],
            none, none, none, none, none)),
        List.of(new ResourceUsage.ProcessUsage(name, "instance 0", "driver", 7, cpu, none, null, null)));
  }

  private static PhaseResult phase(ResourceUsage usage, InstanceResult... instances) {
    return new PhaseResult("measured", true, 0, 10_000_000, List.of(instances), PhaseSeries.empty(), Map.of(),
        usage);
  }

  private static final DriverTime WAITING_ON_THE_STORE = new DriverTime(20_000_000, 15_000_000, 0, 0, 30_000);

  @Test
  void aDriverWithHeadroomSaysSoWithItsFigures() {
    DriverHeadroom h = phase(host("a", 0.9, 0.6, "master", "driver"), instance(0, WAITING_ON_THE_STORE))
        .driverHeadroom();
    assertTrue(h.warnings().isEmpty(), h.warnings().toString());
    assertEquals(0.45, h.hosts().get(0).busyShare(), 1e-9);
    assertEquals(0.75, h.storeWaitShare(), 1e-9);
    assertEquals(0.003, h.gcShareMax(), 1e-9);
    assertEquals("headroom: host a busy 45 % of 2 CPUs, instances 0.60 CPU s/s; insert threads waited on the store "
        + "75 % of their time, on their schedule 0 %; GC pauses at most 0.3 % (instance 0); behind schedule at most "
        + "0.000 s", h.text());
  }

  @Test
  void aBusyHostSharedWithTheSutIsAPossibleLimitAndSaysWhy() {
    DriverHeadroom h = phase(host("a", 1.9, 0.7, "master", "driver", "sut"), instance(0, WAITING_ON_THE_STORE))
        .driverHeadroom();
    assertEquals(List.of("driver host a was busy 95 % of its 2 CPUs (limit 90 %), and it runs the SUT too: the "
        + "driver and the store competed for its CPUs"), h.warnings());
    assertTrue(h.text().startsWith("the driver could have limited the result: host a (runs the SUT too) busy 95 %"),
        h.text());
    assertTrue(phase(host("a", 1.78, 0.7, "driver"), instance(0, WAITING_ON_THE_STORE)).driverHeadroom().warnings()
        .isEmpty(), "89 % is within");
  }

  @Test
  void longCollectionPausesAreAPossibleLimit() {
    DriverHeadroom h = phase(host("a", 0.5, 0.3, "driver"), instance(0, WAITING_ON_THE_STORE),
        instance(1, new DriverTime(20_000_000, 15_000_000, 0, 0, 600_000))).driverHeadroom();
    assertEquals(List.of("driver instance 1 was paused for garbage collection 6.0 % of the execution (limit 5 %)"),
        h.warnings());
    assertEquals(1, h.gcInstance());
  }

  @Test
  void fallingBehindScheduleIsTheDriversDoingOnlyWhenItWasNotWaitingOnTheStore() {
    DriverTime ownWork = new DriverTime(20_000_000, 4_000_000, 1_000_000, 2_500_000, 0);
    DriverHeadroom h = phase(host("a", 0.5, 0.3, "driver"), instance(0, ownWork)).driverHeadroom();
    assertEquals(List.of("driver instance 0 generated a paced reading 2.500 s after its scheduled instant while its "
        + "insert threads waited on the store only 20 % of their time (limits 1 s, 50 %)"), h.warnings());
    DriverTime storeBound = new DriverTime(20_000_000, 16_000_000, 1_000_000, 2_500_000, 0);
    assertTrue(phase(host("a", 0.5, 0.3, "driver"), instance(0, storeBound)).driverHeadroom().warnings().isEmpty(),
        "behind because the store was slow: the store's result, not the driver's");
  }

  @Test
  void anOlderResultOrAnUnsampledHostIsSaidNotMeasured() {
    DriverHeadroom h = phase(ResourceUsage.none(), instance(0, null)).driverHeadroom();
    assertNull(h.storeWaitShare());
    assertTrue(h.warnings().isEmpty());
    assertEquals("headroom: driver hosts' CPU not sampled; the instances did not report their time", h.text());
  }

  @Test
  void aPhaseWritesItsDerivedFiguresInOneOrderSoItsJsonIsMadeAgainByteForByte() throws Exception {
    PhaseResult p = phase(host("a", 0.9, 0.6, "driver"), instance(0, WAITING_ON_THE_STORE));
    List<String> names = new java.util.ArrayList<>();
    Json.mapper().readTree(Json.bytes(p)).fieldNames().forEachRemaining(names::add);
    assertEquals(List.of("name", "measured", "startMicros", "endMicros", "instances", "series", "latency",
        "resources", "endToEnd", "clientCounters", "steadyState", "startSpread", "driverHeadroom"), names);
    byte[] again = Json.bytes(Json.parse(new String(Json.bytes(p), java.nio.charset.StandardCharsets.UTF_8),
        PhaseResult.class));
    assertEquals(new String(Json.bytes(p), java.nio.charset.StandardCharsets.UTF_8),
        new String(again, java.nio.charset.StandardCharsets.UTF_8));
  }
}
