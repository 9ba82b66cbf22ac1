package io.iotkit.progress;

import java.io.PrintStream;

/**
 * Progress on a terminal: one status line with a bar, redrawn in place; the run's story lines scroll above it.
 */
final class TerminalConsole implements RunConsole {
  /** Carriage return, then erase the whole line (ANSI EL2). */
  static final String CLEAR_LINE = "\r\033[2K";
  private static final int BAR_WIDTH = 24;

  private final PrintStream out;
  private final int width;
  private String status = "";

  TerminalConsole(PrintStream out, int width) {
    this.out = out;
    this.width = width;
  }

  /** The terminal's width from COLUMNS (set by most shells), else 120. */
  static int width() {
    try {
      return Math.max(40, Integer.parseInt(System.getenv().getOrDefault("COLUMNS", "120")));
    } catch (NumberFormatException e) {
      return 120;
    }
  }

  @Override
  public synchronized void line(String text) {
    out.print(CLEAR_LINE);
    out.println(text);
    out.print(status);
    out.flush();
  }

  @Override
  public synchronized void progress(ProgressSnapshot s) {
    String text = ProgressFormat.bar(s.fraction(), BAR_WIDTH) + " " + ProgressFormat.describe(s);
    status = text.length() > width - 1 ? text.substring(0, width - 1) : text; // a wrapped line cannot be redrawn
    out.print(CLEAR_LINE + status);
    out.flush();
  }

  @Override
  public synchronized void progressDone() {
    status = "";
    out.print(CLEAR_LINE);
    out.flush();
  }
}
