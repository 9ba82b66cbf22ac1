package io.iotkit.resources;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * A remote host's counters, read over one long-lived ssh session that runs {@link ProcStream#LOOP}: each reading
 * writes a numbered request line and waits for that request's block. The reading's instant is the master's clock
 * when the request left: the sampler asks on the same one-second schedule as it reads its own /proc, so the
 * remote's seconds line up with the phase's without trusting the remote's clock; the error is the one-way
 * latency's jitter (milliseconds on a LAN). A block that does not come in time is that second lost, and a late
 * one is ignored by its number.
 */
public final class RemoteCounters implements HostCounters {
  /** Longest wait for a block: less than the second between readings, so a stalled host costs seconds, not drift. */
  private static final long ANSWER_MILLIS = 900;

  private final List<String> command;
  private final Path log;
  private Process process;
  private OutputStream toHost;
  private Thread reader;
  private ProcStream.Block latest;
  private long requests;

  /**
   * @param command the ssh command line that runs the loop on the host
   * @param log     where ssh's own messages go
   */
  public RemoteCounters(List<String> command, Path log) {
    this.command = List.copyOf(command);
    this.log = log;
  }

  /**
   * Starts the session and asks for a first block that nothing uses, so that the session is up by the time the
   * sampler's first reading (its baseline, at TS_start) is due; false when ssh cannot even be started.
   */
  public boolean start() {
    try {
      process = new ProcessBuilder(command).redirectError(log.toFile()).start();
    } catch (IOException e) {
      return false;
    }
    toHost = process.getOutputStream();
    reader = new Thread(this::readBlocks, "remote-resources");
    reader.setDaemon(true);
    reader.start();
    try {
      toHost.write("0\n".getBytes(StandardCharsets.US_ASCII));
      toHost.flush();
    } catch (IOException e) {
      // ssh ended at once: every reading will say so
    }
    return true;
  }

  private void readBlocks() {
    ProcStream stream = new ProcStream();
    try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(),
        StandardCharsets.UTF_8))) {
      String l;
      while ((l = in.readLine()) != null) {
        ProcStream.Block b = stream.line(l);
        if (b != null) {
          synchronized (this) {
            latest = b;
            notifyAll();
          }
        }
      }
    } catch (IOException e) {
      // the session ended: readings from now on are lost
    }
  }

  @Override
  public boolean available() {
    return process != null;
  }

  @Override
  public ProcReader.Host host() throws IOException {
    long n = ++requests;
    long nanos = System.nanoTime();
    if (!process.isAlive()) {
      throw new IOException("the ssh session ended (see " + log + ")");
    }
    toHost.write((n + "\n").getBytes(StandardCharsets.US_ASCII));
    toHost.flush();
    long deadline = nanos + TimeUnit.MILLISECONDS.toNanos(ANSWER_MILLIS);
    synchronized (this) {
      while (latest == null || latest.request() < n) {
        long wait = deadline - System.nanoTime();
        if (wait <= 0) {
          throw new IOException("no answer to reading " + n + " in " + ANSWER_MILLIS + " ms");
        }
        try {
          TimeUnit.NANOSECONDS.timedWait(this, wait);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt(); // the sampler is stopping: this reading is lost, its loop ends
          throw new IOException("interrupted");
        }
      }
      return latest.host(nanos);
    }
  }

  @Override
  public Optional<ProcReader.Process> process(long pid, boolean withDescendants) {
    return Optional.empty(); // the kit does not know a remote SUT node's processes
  }

  /** Closes the loop's stdin (it ends), then ends ssh if it has not ended within a few seconds. */
  @Override
  public void close() {
    if (process == null) {
      return;
    }
    try {
      toHost.close();
      if (!process.waitFor(3, TimeUnit.SECONDS)) {
        process.destroy();
      }
    } catch (IOException e) {
      process.destroy();
    } catch (InterruptedException e) {
      process.destroy();
      Thread.currentThread().interrupt();
    }
  }
}
