package io.iotkit.cli;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.logging.ConsoleHandler;
import java.util.logging.Handler;
import java.util.logging.Logger;

/**
 * While a run goes on, {@code System.out} and {@code System.err} lead to the run folder's master.log, so whatever
 * store clients and the libraries under them print (slf4j, java.util.logging, commons-logging, a stack trace
 * printed by hand) lands there; the console keeps the kit's own lines, written to {@link #console()} and
 * {@link #errors()}. Closing puts the streams back.
 */
final class LibraryOutput implements AutoCloseable {
  private final PrintStream console;
  private final PrintStream errors;
  private final PrintStream log;

  private LibraryOutput(PrintStream console, PrintStream errors, PrintStream log) {
    this.console = console;
    this.errors = errors;
    this.log = log;
  }

  /** From now on, library output goes to {@code logFile} (appended to). */
  static LibraryOutput divert(Path logFile) throws IOException {
    // slf4j-simple writes to whatever System.err is at each line, unless told to keep a file of its own
    System.setProperty("org.slf4j.simpleLogger.logFile", "System.err");
    PrintStream log = new PrintStream(new FileOutputStream(logFile.toFile(), true), true, StandardCharsets.UTF_8);
    LibraryOutput o = new LibraryOutput(System.out, System.err, log);
    System.setOut(log);
    System.setErr(log);
    // java.util.logging's console handler holds the stderr it was made with: make it anew on the log
    Logger root = Logger.getLogger("");
    for (Handler h : root.getHandlers()) {
      if (h instanceof ConsoleHandler) {
        root.removeHandler(h);
      }
    }
    root.addHandler(new ConsoleHandler());
    return o;
  }

  /** The terminal's standard output, for the kit's own lines. */
  PrintStream console() {
    return console;
  }

  /** The terminal's standard error, for the kit's own one-line errors. */
  PrintStream errors() {
    return errors;
  }

  @Override
  public void close() {
    System.setOut(console);
    System.setErr(errors);
    log.flush();
  }
}
