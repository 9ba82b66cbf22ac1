package io.iotkit.progress;

import java.io.PrintStream;
import java.util.function.LongSupplier;

/**
 * Progress for output that is not a terminal (CI, nohup, a log file): no control characters, one plain line
 * every few seconds, so a log of a run of hours stays readable.
 */
final class PlainConsole implements RunConsole {
  private final PrintStream out;
  private final long intervalNanos;
  private final LongSupplier nanoClock;
  private long lastPrinted;
  private boolean printedThisExecution;

  PlainConsole(PrintStream out, int intervalSeconds, LongSupplier nanoClock) {
    this.out = out;
    this.intervalNanos = intervalSeconds * 1_000_000_000L;
    this.nanoClock = nanoClock;
  }

  @Override
  public void line(String text) {
    out.println(text);
  }

  @Override
  public void progress(ProgressSnapshot snapshot) {
    long now = nanoClock.getAsLong();
    if (!printedThisExecution) { // the interval counts from the execution's first offer, not from its start
      printedThisExecution = true;
      lastPrinted = now;
      return;
    }
    if (now - lastPrinted >= intervalNanos) {
      lastPrinted = now;
      out.println("  " + ProgressFormat.describe(snapshot));
    }
  }

  @Override
  public void progressDone() {
    printedThisExecution = false;
  }
}
