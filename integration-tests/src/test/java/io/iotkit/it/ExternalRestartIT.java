package io.iotkit.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iotkit.check.ServerRestarts;
import io.iotkit.model.CheckResult;
import io.iotkit.model.RunResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The cleanup's restart of an external SUT is proven by the servers themselves: against a MariaDB the kit did not
 * start, a restart command that restarts nothing ({@code true}) exits 0, yet the server reports the start it had
 * before, so the restart check fails and the run is not compliant. The command's output is kept for the auditor.
 */
class ExternalRestartIT {
  @Test
  void aRestartCommandThatRestartsNothingFailsTheCheck(@TempDir Path work) throws Exception {
    Path dir = work.resolve("db");
    KitProcess.Finished started = KitProcess.run(work, 5, "server", "-b", "mysql", "start", "--dir", dir.toString());
    try {
      assertEquals(0, started.exitCode(), started.stderr());
      Path props = work.resolve("mysql.properties");
      Files.writeString(props, Files.readString(dir.resolve("binding.properties"))
          + "\nmysql.user=iot\nsut.restart.command=echo restarting nothing; true\n");
      KitProcess.CompletedRun run = KitProcess.runToCompletion(work, "-b", "mysql", "-p", "1", "-k", "2000",
          "--binding-properties", props.toString());
      RunResult r = run.result();
      CheckResult exit = only(r.cleanup(), "cleanup: SUT restarted");
      assertTrue(exit.passed(), "the command exited 0: " + exit.line());
      CheckResult proof = only(r.cleanup(), ServerRestarts.NAME);
      assertFalse(proof.passed(), proof.line());
      assertTrue(proof.measured().text().matches("start unchanged: server [^ ]+:\\d+ \\(started at epoch second"
          + " \\d+\\)"), proof.line());
      System.out.println("ExternalRestartIT: " + exit.line() + "\nExternalRestartIT: " + proof.line());
      assertFalse(r.compliant());
      assertTrue(r.reasons().contains(proof.reason()), r.reasons().toString());
      assertEquals("restarting nothing\n", Files.readString(run.runDir().resolve("logs/sut-restart.log")));
    } finally {
      KitProcess.Finished stopped = KitProcess.run(work, 5, "server", "-b", "mysql", "stop", "--dir", dir.toString());
      assertEquals(0, stopped.exitCode(), stopped.stderr());
    }
  }

  private static CheckResult only(List<CheckResult> checks, String name) {
    List<CheckResult> named = checks.stream().filter(c -> c.name().equals(name)).toList();
    assertEquals(1, named.size(), name + " in " + checks);
    return named.get(0);
  }
}
