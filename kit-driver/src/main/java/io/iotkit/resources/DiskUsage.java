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
  static final long FULL_BELOW_BYTES = 16L << 20;

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
   * When the disk of {@code folder} is full: which disk, how little is free of how much, and how much of it
   * {@code folder} itself takes. Empty when there is room, or when the disk cannot be read.
   */
  public static Optional<String> full(Path folder) {
    try {
      FileStore disk = Files.getFileStore(folder);
      long free = disk.getUsableSpace();
      return free >= FULL_BELOW_BYTES ? Optional.empty()
          : Optional.of(full(folder, free, disk.getTotalSpace(), of(folder)));
    } catch (IOException e) {
      return Optional.empty();
    }
  }

  /** The line for a full disk: which, its free and total bytes, and what {@code folder} holds (-1: not known). */
  static String full(Path folder, long free, long total, long held) {
    String inFolder = held < 0 ? "" : ", " + ByteSize.binary(held) + " of it in that folder";
    return "the disk of " + folder + " is full (" + ByteSize.binary(free) + " free of " + ByteSize.binary(total)
        + inFolder + ")";
  }
}
