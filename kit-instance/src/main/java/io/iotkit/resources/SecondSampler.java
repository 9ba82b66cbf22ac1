package io.iotkit.resources;

import io.iotkit.model.InstanceTotals;
import io.iotkit.model.ResourceSecond;
import java.io.IOException;

/**
 * Reads this host's and this JVM's counters when asked, once for each second frame of a driver instance, rather
 * than on a thread of its own: the reading at the end of a frame's second gives that second's element, so the
 * instance's measurements and its resources are one series in one frame. The first reading, at TS_start, is only
 * the baseline. Where /proc cannot be read (not Linux) it samples nothing.
 */
public final class SecondSampler {
  private final HostCounters proc;
  private final WatchedProcess self;
  private final HostTrack host = new HostTrack();
  private final ProcessTrack process;
  private boolean haveBaseline;

  SecondSampler(HostCounters proc, WatchedProcess self) {
    this.proc = proc;
    this.self = self;
    this.process = new ProcessTrack(self, 0);
  }

  /** Samples this host and this JVM, which is {@code name} of role {@code role} to the run. */
  public static SecondSampler self(String name, String role) {
    return new SecondSampler(ProcReader.system(), WatchedProcess.self(name, role));
  }

  /** Takes the first reading (at TS_start), from which the first second counts. */
  public void baseline() {
    haveBaseline = proc.available() && read(true);
  }

  /**
   * The second that ends now; {@link ResourceSecond#LOST} when its reading failed (the next second's element then
   * covers both) or nothing can be sampled here.
   */
  public ResourceSecond next() {
    if (!haveBaseline || !read(false)) {
      return ResourceSecond.LOST;
    }
    double[] c = host.lastCpu();
    long[] b = host.lastBytes();
    long[] p = process.lastBytes();
    return new ResourceSecond(c[0], c[1], c[2], b[0], b[1], b[2], b[3], b[4], process.lastCpu(), p[0], p[1], p[2]);
  }

  /** Where the seconds were sampled, or null where nothing could be. */
  public InstanceTotals.Sampled sampled() {
    return haveBaseline ? new InstanceTotals.Sampled(ResourceSampler.hostName(), host.cpus(), host.memTotalBytes(),
        self.pid()) : null;
  }

  private boolean read(boolean baseline) {
    try {
      host.add(proc.host());
    } catch (IOException | RuntimeException e) {
      return false;
    }
    process.add(proc.process(self.pid(), self.withDescendants()), baseline);
    return true;
  }
}
