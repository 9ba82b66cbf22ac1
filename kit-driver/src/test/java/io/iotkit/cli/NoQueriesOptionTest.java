package io.iotkit.cli;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** {@code --no-queries} is a run option, off unless given. */
class NoQueriesOptionTest {

  @Test
  void offByDefaultOnWhenGiven() {
    RunCommand run = new RunCommand();
    new CommandLine(run).parseArgs("-b", "null");
    assertFalse(run.noQueries);
    run = new RunCommand();
    new CommandLine(run).parseArgs("-b", "null", "--no-queries");
    assertTrue(run.noQueries);
  }
}
