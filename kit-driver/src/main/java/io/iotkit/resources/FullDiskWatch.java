package io.iotkit.resources;

import java.nio.file.Path;
import java.time.LocalTime;
import java.time.format.DateTimeFormatter;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * Looks at the disks of a run's folders twice a second while the run lasts, and remembers the first time each was
 * full. A store stopped by a full disk leaves the run to end on its silence seconds later, and by then the store's
 * own cleaners, or its dying, may have freed space: the disk that ended the run is named all the same.
 */
public final class FullDiskWatch implements AutoCloseable {
  private static final long INTERVAL_MILLIS = 500;
  private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss");

  /** A full disk the watch saw, and when. */
  private record Seen(DiskUsage.Full full, LocalTime at) {
  }

  private final Function<Path, Optional<DiskUsage.Full>> look;
  private final Function<Path, Optional<DiskUsage.Full>> lowNow;
  private final ScheduledExecutorService timer;
  /** Every folder watched, with what was seen of it: empty until its disk was first seen full. */
  private final Map<Path, Optional<Seen>> seen = new ConcurrentHashMap<>();

  /** A watch that looks at a disk with {@code look} and only when {@link #lookOnce} is called, for tests. */
  FullDiskWatch(Function<Path, Optional<DiskUsage.Full>> look) {
    this.look = look;
    this.lowNow = look;
    this.timer = null;
  }

  private FullDiskWatch() {
    this.look = DiskUsage::fullNow;
    this.lowNow = DiskUsage::runningOutNow;
    this.timer = Executors.newSingleThreadScheduledExecutor(r -> {
      Thread t = new Thread(r, "full-disk-watch");
      t.setDaemon(true);
      return t;
    });
  }

  /** A watch that looks at the folders it is given, from now on until closed, on a daemon thread of its own. */
  public static FullDiskWatch start() {
    FullDiskWatch watch = new FullDiskWatch();
    watch.timer.scheduleWithFixedDelay(watch::lookOnce, INTERVAL_MILLIS, INTERVAL_MILLIS, TimeUnit.MILLISECONDS);
    return watch;
  }

  /** Watches the disk of {@code folder} too. */
  public void watch(Path folder) {
    seen.putIfAbsent(folder, Optional.empty());
  }

  /** One look at every watched folder whose disk was not yet seen full. */
  void lookOnce() {
    seen.replaceAll((folder, before) -> before.isPresent() ? before
        : look.apply(folder).map(full -> new Seen(full, LocalTime.now())));
  }

  /**
   * The line naming the first watched disk that is running out now (under its last percent free), for the SUT's
   * watch to end the run on before the store stops answering; empty while every disk has room.
   */
  public Optional<String> runningOut() {
    for (Path folder : seen.keySet()) {
      Optional<DiskUsage.Full> low = lowNow.apply(folder);
      if (low.isPresent()) {
        return Optional.of(low.get().line(DiskUsage.full(low.get()) ? "is full" : "has under 1% free"));
      }
    }
    return Optional.empty();
  }

  /**
   * The line naming the disk of {@code folder} when it is full now, or else when the watch saw it full while it
   * watched; empty when neither.
   */
  public Optional<String> full(Path folder) {
    Optional<DiskUsage.Full> now = look.apply(folder);
    if (now.isPresent()) {
      return Optional.of(now.get().line("is full"));
    }
    return seen.getOrDefault(folder, Optional.empty()).map(s -> s.full().line("was full at " + TIME.format(s.at())));
  }

  @Override
  public void close() {
    if (timer != null) {
      timer.shutdownNow();
    }
  }
}
