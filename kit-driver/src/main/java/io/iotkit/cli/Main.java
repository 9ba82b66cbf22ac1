package io.iotkit.cli;

import picocli.CommandLine;

/** Entry point of {@code bin/tpcx-iot.sh}. */
public final class Main {
  private Main() {
  }

  public static void main(String[] args) {
    System.exit(execute(args));
  }

  /** Runs the command line and returns its exit code: 0 done, 1 run aborted or failed, 2 bad input. */
  public static int execute(String... args) {
    CommandLine cl = new CommandLine(new RunCommand());
    cl.setParameterExceptionHandler((ex, a) -> {
      ex.getCommandLine().getErr().println(RunCommand.NAME + ": " + ex.getMessage() + " (see --help)");
      return RunCommand.EXIT_BAD_INPUT;
    });
    cl.setExecutionExceptionHandler((ex, line, parsed) -> {
      line.getErr().println(RunCommand.NAME + ": " + (ex instanceof BadInputException ? "" : "kit error: ")
          + ex.getMessage());
      return ex instanceof BadInputException ? RunCommand.EXIT_BAD_INPUT : RunCommand.EXIT_FAILED;
    });
    return cl.execute(args);
  }
}
