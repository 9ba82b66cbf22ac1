package io.iotkit.plan;

import io.iotkit.resources.DiskUsage;
import java.nio.file.Path;

/**
 * The largest growth of a folder over a stretch of time: its size on the disk once at the start, then once
 * a second on a thread of its own and once at the end. A store's folder shrinks and grows as it flushes, compacts and
 * cleans, so the peak is what its disk must hold, not the size at the end.
 */
final class FolderGrowth implements AutoCloseable {
  static final long INTERVAL_MILLIS = 1_000;

  private final Path dir;
  private final long baseline;
  private final Thread sampler;
  private volatile long peak;
  private volatile boolean stopped;

  private FolderGrowth(Path dir) {
    this.dir = dir;
    long first = size(dir);
    for (int tries = 1; first < 0 && tries < 5; tries++) {
      first = size(dir);
    }
    this.baseline = Math.max(0, first);
    this.peak = baseline;
    this.sampler = new Thread(this::sample, "folder-growth");
    sampler.setDaemon(true);
  }

  /** Starts sampling {@code dir}. */
  static FolderGrowth start(Path dir) {
    FolderGrowth g = new FolderGrowth(dir);
    g.sampler.start();
    return g;
  }

  private void sample() {
    while (!stopped) {
      try {
        Thread.sleep(INTERVAL_MILLIS);
      } catch (InterruptedException e) {
        return;
      }
      record(size(dir));
    }
  }

  private synchronized void record(long size) {
    peak = Math.max(peak, size); // a walk that failed (-1) changes nothing
  }

  /** Stops sampling (after one last look) and returns the largest growth over the baseline, in bytes. */
  long stop() {
    stopped = true;
    sampler.interrupt();
    try {
      sampler.join();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    record(size(dir));
    return peak - baseline;
  }

  @Override
  public void close() {
    stopped = true;
    sampler.interrupt();
  }

  /** The disk {@code dir} takes (see {@link DiskUsage#of}). */
  static long size(Path dir) {
    return DiskUsage.of(dir);
  }
}
