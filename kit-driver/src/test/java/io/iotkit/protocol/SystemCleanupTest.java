package io.iotkit.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iotkit.model.CheckResult;
import io.iotkit.process.LocalServer.Node;
import java.util.List;
import org.junit.jupiter.api.Test;

class SystemCleanupTest {

  @Test
  void eachNodeMustServeFromANewProcess() {
    List<CheckResult> checks = SystemCleanup.nodeRestarts(
        List.of(new Node("broker 1", 100), new Node("broker 2", 200), new Node("broker 3", 300)),
        List.of(new Node("broker 1", 101), new Node("broker 2", 200)));
    assertEquals(3, checks.size());
    assertTrue(checks.get(0).passed(), checks.get(0).line());
    assertEquals("cleanup: SUT restarted: broker 1", checks.get(0).name());
    assertFalse(checks.get(1).passed(), "same pid: never restarted");
    assertFalse(checks.get(2).passed(), "gone after the restart");
    assertEquals("pid 300 stopped, not serving again", checks.get(2).measured().text());
  }

  @Test
  void aNodeLostBeforeTheRestartIsReportedBack() {
    List<CheckResult> checks = SystemCleanup.nodeRestarts(List.of(new Node("broker 1", 100), new Node("broker 3", 300)),
        List.of(new Node("broker 1", 101), new Node("broker 2", 201), new Node("broker 3", 301)));
    assertEquals(3, checks.size());
    assertTrue(checks.stream().allMatch(CheckResult::passed));
    assertEquals("cleanup: SUT restarted: broker 2", checks.get(2).name());
    assertEquals("not serving before, pid 201 serves", checks.get(2).measured().text());
  }

  @Test
  void aServerThatNamesNoNodesFails() {
    List<CheckResult> checks = SystemCleanup.nodeRestarts(List.of(), List.of(new Node("kafka-server", 7)));
    assertEquals(1, checks.size());
    assertFalse(checks.get(0).passed());
  }
}
