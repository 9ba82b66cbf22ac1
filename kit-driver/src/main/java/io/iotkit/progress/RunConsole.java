package io.iotkit.progress;

/**
 * Where a run tells its user what it is doing: the lines of the run's story (checks, phases, their results)
 * and the live progress of each workload execution. Which console a run gets depends on where its output goes.
 */
public interface RunConsole {
  /** One line of the run's story. */
  void line(String text);

  /** Progress of the running execution, offered a few times a second; the console decides what to show. */
  void progress(ProgressSnapshot snapshot);

  /** The execution ended: no more progress until the next one. */
  void progressDone();

  /**
   * The console for a run: nothing when quiet, a status line redrawn in place on a terminal, otherwise one
   * plain progress line every {@code plainIntervalSeconds}.
   */
  static RunConsole choose(boolean quiet, boolean terminal, int plainIntervalSeconds, java.io.PrintStream out) {
    if (quiet) {
      return QUIET;
    }
    return terminal ? new TerminalConsole(out, TerminalConsole.width()) : new PlainConsole(out,
        plainIntervalSeconds, System::nanoTime);
  }

  /** Shows nothing: {@code --quiet} prints only the final report. */
  RunConsole QUIET = new RunConsole() {
    @Override
    public void line(String text) {
    }

    @Override
    public void progress(ProgressSnapshot snapshot) {
    }

    @Override
    public void progressDone() {
    }
  };
}
