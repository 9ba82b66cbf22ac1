package io.iotkit.plan;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * The largest growth of a folder over a stretch of time: its size (the files under it) once at the start, then once
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

  /**
   * Bytes of the regular files under {@code dir} (0 when it does not exist); files that vanish while it is walked
   * count as gone; -1 when the walk itself failed (a folder deleted under it).
   */
  static long size(Path dir) {
    if (!Files.isDirectory(dir)) {
      return 0;
    }
    try (Stream<Path> files = Files.walk(dir)) {
      return files.mapToLong(FolderGrowth::sizeOrZero).sum();
    } catch (IOException | UncheckedIOException e) {
      return -1; // a folder that changed under the walk: the next sample counts
    }
  }

  private static long sizeOrZero(Path p) {
    try {
      return Files.isRegularFile(p) ? Files.size(p) : 0;
    } catch (NoSuchFileException e) {
      return 0;
    } catch (IOException e) {
      return 0;
    }
  }
}
