package io.iotkit.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iotkit.model.CheckResult;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A restart is proven only by every server's own start identity changing. */
class ServerRestartsTest {
  private static final Map<String, String> BEFORE = Map.of("master a:16000", "start code 1",
      "region server a:16020", "start code 2");

  @Test
  void everyServerStartedAnewPasses() {
    CheckResult c = ServerRestarts.check(BEFORE, Map.of("master a:16000", "start code 3",
        "region server a:16021", "start code 4"));
    assertTrue(c.passed(), c.line());
    assertTrue(c.measured().text().startsWith("2 of 2 server(s) started anew"), c.line());
  }

  @Test
  void aServerWithItsOldStartFails() {
    CheckResult c = ServerRestarts.check(BEFORE, Map.of("master a:16000", "start code 3",
        "region server a:16020", "start code 2"));
    assertFalse(c.passed());
    assertEquals("start unchanged: region server a:16020 (start code 2)", c.measured().text());
    assertEquals(1.0, c.measured().value());
  }

  @Test
  void fewerServersAfterTheRestartFail() {
    CheckResult c = ServerRestarts.check(BEFORE, Map.of("master a:16000", "start code 3"));
    assertFalse(c.passed(), c.line());
    assertEquals("1 server(s) serve after the restart, 2 before", c.measured().text());
  }

  @Test
  void aStoreThatDoesNotSayCannotProveARestart() {
    CheckResult c = ServerRestarts.check(Map.of(), Map.of());
    assertFalse(c.passed());
    assertTrue(c.measured().text().startsWith("could not tell"), c.line());
  }
}
