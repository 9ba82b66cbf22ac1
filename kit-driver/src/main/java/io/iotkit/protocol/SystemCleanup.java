package io.iotkit.protocol;

import io.iotkit.check.ServerRestarts;
import io.iotkit.files.FileTrees;
import io.iotkit.model.CheckResult;
import io.iotkit.model.Figure;
import io.iotkit.model.Limit;
import io.iotkit.process.LocalServer;
import io.iotkit.sut.SutSession.SutException;
import io.iotkit.sut.SutSession;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import site.ycsb.DBException;

/**
 * The system cleanup between iterations (docs/PROTOCOL.md §4.3): purge the first iteration's data, delete
 * temporary files, restart the data management system. Each step is a check that can fail.
 *
 * <p>The temporary files deleted are the kit's own: the run folder's tmp/, the temporary folder of the instances
 * on the master's host. A local server's own temporary folders (under the run's sut/ folder) are restarted on and
 * go with its data when the run ends ({@link LocalServer#deleteStoreFiles()}).
 */
final class SystemCleanup {
  /** Binding property: shell command that restarts an external SUT (and returns once it is back). */
  static final String RESTART_COMMAND = "sut.restart.command";
  static final long RESTART_TIMEOUT_SECONDS = 900;

  private SystemCleanup() {
  }

  static List<CheckResult> run(ExecutionSession session, List<String> purgedSubstations, Path tmpDir, Path logDir)
      throws SutException, IOException, InterruptedException, ExecutionSession.Failure {
    SutSession sut = session.sut();
    List<CheckResult> checks = new ArrayList<>();
    try {
      long left = session.watched("system cleanup", () -> {
        sut.admin().purge();
        return sut.admin().totalReadings(purgedSubstations);
      });
      checks.add(CheckResult.measure("cleanup: readings left after purge", Figure.count(left, "readings"),
          Limit.exactly(0, "readings", "0"), "the purge did not remove the first iteration's data"));
    } catch (DBException e) {
      throw new SutException("purge failed: " + e.getMessage());
    }

    long deleted = FileTrees.delete(tmpDir);
    checks.add(CheckResult.of("cleanup: temporary files deleted", Figure.of(deleted, "files", deleted + " files"),
        Limit.text("folder removed"), !Files.exists(tmpDir), "could not delete " + tmpDir));

    Map<String, String> startsBefore = serverStarts(session);
    if (sut.embedded()) {
      List<LocalServer.Node> before = sut.nodes();
      session.restarting(() -> {
        sut.restartEmbedded();
        return null;
      });
      checks.addAll(nodeRestarts(before, sut.nodes()));
      // the kit's own restart is proven by the new processes; the servers' word is added where they give it
      if (!startsBefore.isEmpty()) {
        checks.add(ServerRestarts.check(startsBefore, serverStarts(session)));
      }
    } else {
      var command = sut.property(RESTART_COMMAND);
      if (command.isEmpty()) {
        checks.add(CheckResult.of("cleanup: SUT restarted", "no " + RESTART_COMMAND + " configured", "restarted",
            false, "set " + RESTART_COMMAND + " in the binding properties to a command that restarts the SUT"));
      } else {
        int exit = session.restarting(() -> {
          int status = runRestart(command.get(), logDir.resolve("sut-restart.log"));
          if (status == 0) {
            sut.reconnect();
          }
          return status;
        });
        checks.add(CheckResult.measure("cleanup: SUT restarted",
            Figure.of(exit, "exit status", RESTART_COMMAND + " exited " + exit), Limit.exactly(0, "exit status", "exit 0"),
            "the restart command failed; see sut-restart.log in the run folder"));
        if (exit == 0) {
          checks.add(ServerRestarts.check(startsBefore, serverStarts(session)));
        }
      }
    }
    return checks;
  }

  /** What the store's servers say of their current start; a store that cannot be read now has not come back. */
  private static Map<String, String> serverStarts(ExecutionSession session)
      throws SutException, ExecutionSession.Failure {
    try {
      return session.watched("reading the SUT's server starts", () -> session.sut().admin().serverStarts());
    } catch (DBException e) {
      throw new SutException("cannot read the SUT's server starts: " + e.getMessage());
    }
  }

  /** One check per node: restarted when the node serves again from a new process. */
  static List<CheckResult> nodeRestarts(List<LocalServer.Node> before, List<LocalServer.Node> after) {
    List<CheckResult> checks = new ArrayList<>();
    for (LocalServer.Node old : before) {
      var now = after.stream().filter(n -> n.name().equals(old.name())).findFirst();
      String measured = now.map(n -> "pid " + old.pid() + " stopped, pid " + n.pid() + " serves")
          .orElse("pid " + old.pid() + " stopped, not serving again");
      checks.add(CheckResult.of("cleanup: SUT restarted: " + old.name(), measured, "a new process serves",
          now.isPresent() && now.get().pid() != old.pid(), old.name() + " did not come back after the restart"));
    }
    if (before.isEmpty()) {
      checks.add(CheckResult.of("cleanup: SUT restarted", "the embedded server named no nodes", "restarted",
          false, "the embedded server reported no running nodes before the restart"));
      return checks;
    }
    // A node lost during the iteration (e.g. a killed broker) is back if the restart brought it up again.
    for (LocalServer.Node back : after) {
      if (before.stream().noneMatch(n -> n.name().equals(back.name()))) {
        checks.add(CheckResult.pass("cleanup: SUT restarted: " + back.name(), "not serving before, pid "
            + back.pid() + " serves", "a new process serves"));
      }
    }
    return checks;
  }

  private static int runRestart(String command, Path log) throws IOException, InterruptedException {
    Files.createDirectories(log.getParent());
    Process p = new ProcessBuilder("sh", "-c", command).redirectErrorStream(true)
        .redirectOutput(log.toFile()).start();
    if (!p.waitFor(RESTART_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
      p.descendants().forEach(ProcessHandle::destroyForcibly);
      p.destroyForcibly();
      return -1;
    }
    return p.exitValue();
  }
}
