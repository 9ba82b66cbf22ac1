package io.iotkit.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class CheckResultTest {

  @Test
  void aTypedCheckSurvivesJson() throws Exception {
    CheckResult c = CheckResult.measure("replication factor", Figure.of(1, "copies", "1 (local filesystem)"),
        Limit.atLeast(3, "copies", ">= 3"), "configure 3 or more");
    CheckResult back = Json.mapper().readValue(Json.bytes(c), CheckResult.class);
    assertEquals(c, back);
    assertFalse(back.passed());
    assertEquals(1.0, back.measured().value());
  }

  @Test
  void limitsAdmitWhatTheySay() {
    assertTrue(Limit.atLeast(20, "kvps/s", ">= 20").admits(20));
    assertFalse(Limit.atLeast(20, "kvps/s", ">= 20").admits(19.999));
    assertTrue(Limit.exactly(0, "operations", "0").admits(0));
    assertFalse(Limit.exactly(0, "operations", "0").admits(1));
    assertFalse(Limit.text("restarted").admits(0));
  }

  @Test
  void oneLineForConsolesAndReasons() {
    CheckResult c = CheckResult.measure("threads", Figure.count(9, "threads"), Limit.exactly(10, "threads", "10"),
        "--threads changed it");
    assertEquals("[FAIL] threads: 9 (limit 10) - --threads changed it", c.line());
    assertEquals("threads: 9 (limit 10)", c.reason());
  }
}
