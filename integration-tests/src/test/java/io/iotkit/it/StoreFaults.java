package io.iotkit.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.iotkit.it.FaultyBinding.Fault;
import io.iotkit.it.FaultyBinding.Kind;
import io.iotkit.model.CheckResult;
import io.iotkit.model.InstanceResult;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The three faults a store can have that the data check must catch, each with the exact per-substation
 * difference: readings acknowledged and dropped, a batch written twice, readings stored under another substation
 * of the same run (which leaves the total right). Each writes through the real binding of a harness's server.
 */
final class StoreFaults {
  private static final long KVPS = 5_000;
  private static final int THREADS = 4;

  private StoreFaults() {
  }

  /**
   * Runs the three faults on the harness's store, each in an iteration of its own under {@code run}.
   *
   * @param duplicate how a batch written twice shows in this store: {@link Kind#DUPLICATE} (the same readings
   *                  again) where a key may be written twice, {@link Kind#DUPLICATE_NEW_KEY} where it may not
   */
  static void failTheDataCheck(BindingHarness h, String run, Kind duplicate) throws Exception {
    String dropping = run + "-1-000";
    h.admin.prepare(List.of(dropping));
    CheckResult dropped = check(h, Map.of(dropping, Fault.of(Kind.DROP, 3)));
    assertEquals("4997", dropped.measured().text());
    assertEquals("substation " + dropping + ": 3 acknowledged readings missing", dropped.why());

    String retrying = run + "-2-000";
    h.admin.prepare(List.of(retrying));
    CheckResult twice = check(h, Map.of(retrying, Fault.of(duplicate, 100)));
    assertEquals("5100", twice.measured().text());
    assertEquals("substation " + retrying + ": 100 more than written", twice.why());

    String from = run + "-3-000";
    String to = run + "-3-001";
    h.admin.prepare(List.of(from, to));
    Map<String, Fault> misrouted = new LinkedHashMap<>();
    misrouted.put(from, Fault.misroute(4, to)); // written first: the other substation's own readings come later
    misrouted.put(to, null);
    CheckResult moved = check(h, misrouted);
    assertEquals("10000", moved.measured().text(), "the total is right");
    assertEquals("exactly 10000, each of 2 substation(s) what it wrote", moved.limit().text());
    assertEquals("substation " + from + ": 4 acknowledged readings missing; substation " + to
        + ": 4 more than written", moved.why());
  }

  /**
   * Writes {@value #KVPS} readings of each substation in order, each through its fault (none if null), and
   * asserts every one was acknowledged and the data check failed.
   */
  private static CheckResult check(BindingHarness h, Map<String, Fault> faults) throws Exception {
    Map<String, Long> acknowledged = new LinkedHashMap<>();
    for (Map.Entry<String, Fault> e : faults.entrySet()) {
      InstanceResult written = h.write(e.getKey(), KVPS, THREADS, e.getValue());
      assertEquals(KVPS, written.acknowledged(), "the store acknowledged every reading");
      assertEquals(0, written.failedInserts());
      acknowledged.put(e.getKey(), written.acknowledged());
    }
    CheckResult c = h.dataCheck(acknowledged);
    System.out.println(c.line()); // the exact message, in the test's report
    assertFalse(c.passed(), c.line());
    return c;
  }
}
