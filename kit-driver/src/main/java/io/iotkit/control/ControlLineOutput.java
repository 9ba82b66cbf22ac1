package io.iotkit.control;

import java.io.OutputStream;
import java.io.PrintStream;

/**
 * A text stream that travels as control lines: each line written becomes {@code <verb> <line>} on the control
 * channel, so a file an instance writes (its interval log) reaches the master's run folder from any host.
 */
public final class ControlLineOutput extends OutputStream {
  private final PrintStream control;
  private final String verb;
  private final StringBuilder line = new StringBuilder();

  public ControlLineOutput(PrintStream control, String verb) {
    this.control = control;
    this.verb = verb;
  }

  @Override
  public synchronized void write(int b) {
    if (b == '\n') {
      control.println(ControlLine.format(verb, line));
      line.setLength(0);
    } else {
      line.append((char) (b & 0xff)); // the interval log is ASCII (base64 histograms, numbers, comments)
    }
  }

  @Override
  public synchronized void write(byte[] b, int off, int len) {
    for (int i = off; i < off + len; i++) {
      write(b[i]);
    }
  }

  @Override
  public synchronized void flush() {
    control.flush();
  }

  @Override
  public synchronized void close() {
    if (line.length() > 0) {
      write('\n');
    }
    flush();
  }

}
