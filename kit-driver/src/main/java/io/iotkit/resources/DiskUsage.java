package io.iotkit.resources;

import io.iotkit.model.ByteSize;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/** The disk a folder takes, and whether the disk it is on is full. */
public final class DiskUsage {
  /** Free space below which a disk counts as full: a store cannot write its next file there. */
  private static final long FULL_BELOW_BYTES = 16L << 20;

  private DiskUsage() {
  }

  /**
   * Bytes that the files under {@code dir} take on the disk, as {@code du} counts them: allocated blocks, not
   * lengths, since stores preallocate sparse files (each Kafka partition's indexes are 10 MB long from their first
   * record on, and hold a few KB). 0 when {@code dir} does not exist; files that vanish while it is walked count
   * as gone; -1 when it could not be told.
   */
  public static long of(Path dir) {
    if (!Files.isDirectory(dir)) {
      return 0;
    }
    Process du = null;
    try {
      du = new ProcessBuilder("du", "-s", "-B1", dir.toString()).redirectError(ProcessBuilder.Redirect.DISCARD)
          .start();
      String out = new String(du.getInputStream().readAllBytes(), StandardCharsets.US_ASCII);
      du.waitFor(); // it exits 1 when a file vanished under it; its total still counts what was there
      String total = out.split("\\s", 2)[0];
      return total.isEmpty() ? -1 : Long.parseLong(total);
    } catch (IOException | NumberFormatException e) {
      return -1;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return -1;
    } finally {
      if (du != null) {
        du.destroy();
      }
    }
  }

  /**
   * A full disk as one look saw it: the folder looked at, the disk's free and total bytes, and what the folder
   * itself held (-1: not known).
   */
  public record Full(Path folder, long free, long total, long held) {
    /** The line naming the disk, e.g. {@code state} "is full": which disk, how little is free, what the folder holds. */
    public String line(String state) {
      String inFolder = held < 0 ? "" : ", " + ByteSize.binary(held) + " of it in that folder";
      return "the disk of " + folder + " " + state + " (" + ByteSize.binary(free) + " free of "
          + ByteSize.binary(total) + inFolder + ")";
    }
  }

  /**
   * The disk of {@code folder} when it is running out now: less than 1 % of it free, or less than a full disk's
   * margin; empty when there is more, or when the disk cannot be read.
   */
  public static Optional<Full> runningOutNow(Path folder) {
    try {
      FileStore disk = Files.getFileStore(folder);
      long free = disk.getUsableSpace();
      long total = disk.getTotalSpace();
      return free >= Math.max(FULL_BELOW_BYTES, total / 100) ? Optional.empty()
          : Optional.of(new Full(folder, free, total, of(folder)));
    } catch (IOException e) {
      return Optional.empty();
    }
  }

  /** Whether the free space this look saw is below a full disk's margin, not only below its last percent. */
  public static boolean full(Full seen) {
    return seen.free() < FULL_BELOW_BYTES;
  }

  /** The disk of {@code folder} when it is full now; empty when there is room, or when the disk cannot be read. */
  public static Optional<Full> fullNow(Path folder) {
    try {
      FileStore disk = Files.getFileStore(folder);
      long free = disk.getUsableSpace();
      return free >= FULL_BELOW_BYTES ? Optional.empty()
          : Optional.of(new Full(folder, free, disk.getTotalSpace(), of(folder)));
    } catch (IOException e) {
      return Optional.empty();
    }
  }
}
