package io.iotkit.resources;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads the counters the sampler needs out of the text of Linux's /proc files. Pure functions of the text, so
 * each file's format is tested from fixtures; a line that is not as expected is skipped rather than guessed at.
 */
final class ProcText {
  /**
   * Clock ticks per second of the times in /proc/stat and /proc/PID/stat (USER_HZ). The kernel exports 100 on
   * every architecture Java runs on (x86, arm64, ppc64, s390x: {@code getconf CLK_TCK} says 100 whatever the
   * kernel's internal HZ), and Java cannot call sysconf; the test that compares a process's sampled CPU with
   * the JVM's own account would fail if it were wrong.
   */
  static final int USER_HZ = 100;
  /** /proc/diskstats counts 512-byte sectors whatever the device's own sector size. */
  static final int SECTOR_BYTES = 512;

  private ProcText() {
  }

  /** The first "cpu" line's ticks and the number of "cpuN" lines of /proc/stat. */
  record CpuTicks(long user, long system, long iowait, int cpus) {
  }

  /** /proc/stat: user+nice as user; system+irq+softirq as system; iowait. */
  static CpuTicks stat(String text) {
    long user = 0, system = 0, iowait = 0;
    int cpus = 0;
    for (String line : text.split("\n")) {
      String[] f = line.trim().split("\\s+");
      if (f[0].equals("cpu") && f.length >= 8) {
        user = Long.parseLong(f[1]) + Long.parseLong(f[2]);
        system = Long.parseLong(f[3]) + Long.parseLong(f[6]) + Long.parseLong(f[7]);
        iowait = Long.parseLong(f[5]);
      } else if (f[0].startsWith("cpu") && f[0].length() > 3 && Character.isDigit(f[0].charAt(3))) {
        cpus++;
      }
    }
    return new CpuTicks(user, system, iowait, cpus);
  }

  /** A value of /proc/meminfo or /proc/PID/status given in kB, in bytes; -1 when the file has no such line. */
  static long kilobytes(String text, String key) {
    for (String line : text.split("\n")) {
      if (line.startsWith(key + ":")) {
        String[] f = line.substring(key.length() + 1).trim().split("\\s+");
        return Long.parseLong(f[0]) * 1024;
      }
    }
    return -1;
  }

  /** Bytes read and written, summed over the whole disks named in {@code wholeDisks}. */
  record Bytes(long read, long written) {
  }

  /**
   * /proc/diskstats: sectors read (field 6) and written (field 10) of the devices in {@code wholeDisks} (names
   * that are directories of /sys/block); partitions are left out, as their disk already counts their bytes, and
   * so are loop and RAM devices, whose bytes never reach a disk.
   */
  static Bytes diskstats(String text, Set<String> wholeDisks) {
    long read = 0, written = 0;
    for (String line : text.split("\n")) {
      String[] f = line.trim().split("\\s+");
      if (f.length < 10 || !wholeDisks.contains(f[2]) || memoryBacked(f[2])) {
        continue;
      }
      read += Long.parseLong(f[5]) * SECTOR_BYTES;
      written += Long.parseLong(f[9]) * SECTOR_BYTES;
    }
    return new Bytes(read, written);
  }

  static boolean memoryBacked(String device) {
    return device.startsWith("loop") || device.startsWith("ram") || device.startsWith("zram");
  }

  /** /proc/net/dev: bytes received (first field) and sent (ninth) over every interface but loopback. */
  static Bytes netDev(String text) {
    long rx = 0, tx = 0;
    for (String line : text.split("\n")) {
      int colon = line.indexOf(':');
      if (colon < 0) {
        continue;
      }
      String name = line.substring(0, colon).trim();
      String[] f = line.substring(colon + 1).trim().split("\\s+");
      if (name.equals("lo") || f.length < 9) {
        continue;
      }
      rx += Long.parseLong(f[0]);
      tx += Long.parseLong(f[8]);
    }
    return new Bytes(rx, tx);
  }

  /**
   * /proc/PID/stat: utime + stime (fields 14 and 15) in ticks, the process's own CPU time, and with {@code
   * withReaped} also cutime + cstime (16 and 17), that of its children it has reaped: a server's worker that exits
   * between two readings keeps its CPU time in its parent's. A process whose children are not its work, or are
   * watched apart (the master's driver instances, whose whole CPU time would land in the master's at once when it
   * reaps them), is read without. The fields are counted after the ")" that ends the command name, which may
   * itself hold spaces and parentheses.
   */
  static long ticks(String text, boolean withReaped) {
    String[] f = fieldsAfterName(text);
    long own = Long.parseLong(f[11]) + Long.parseLong(f[12]);
    return withReaped ? own + Long.parseLong(f[13]) + Long.parseLong(f[14]) : own;
  }

  /**
   * The fields of a stat line after its command name, which is in parentheses and may hold spaces and ")": the
   * first is field 3 (state), so field n is at n - 3 (utime 11, stime 12, cutime 13, cstime 14).
   */
  private static String[] fieldsAfterName(String text) {
    return text.substring(text.lastIndexOf(')') + 1).trim().split("\\s+");
  }

  /**
   * /proc/PID/task/TID/stat of one thread: its name ({@code comm}, at most 15 characters, e.g. "C2 CompilerThre")
   * and its own user and system ticks (not its process's children's, which every thread's file repeats).
   */
  record ThreadTicks(String name, long ticks) {
  }

  static ThreadTicks threadTicks(String text) {
    String[] f = fieldsAfterName(text);
    return new ThreadTicks(text.substring(text.indexOf('(') + 1, text.lastIndexOf(')')),
        Long.parseLong(f[11]) + Long.parseLong(f[12]));
  }

  /** /proc/PID/task/TID/children: the child processes a thread started, as pids; empty for none. */
  static List<Long> children(String text) {
    List<Long> pids = new ArrayList<>();
    for (String word : text.trim().split("\\s+")) {
      if (!word.isEmpty()) {
        pids.add(Long.parseLong(word));
      }
    }
    return pids;
  }

  /** /proc/PID/io: read_bytes and write_bytes, the bytes the process made the block layer read and write. */
  static Bytes processIo(String text) {
    long read = -1, written = -1;
    for (String line : text.split("\n")) {
      if (line.startsWith("read_bytes:")) {
        read = Long.parseLong(line.substring(11).trim());
      } else if (line.startsWith("write_bytes:")) {
        written = Long.parseLong(line.substring(12).trim());
      }
    }
    if (read < 0 || written < 0) {
      throw new IllegalArgumentException("no read_bytes / write_bytes lines");
    }
    return new Bytes(read, written);
  }

  /**
   * The TCP sockets of {@code ss -tiHOe}'s output (one line per socket): by inode, the bytes each has received
   * ({@link Bytes#read}) and sent ({@link Bytes#written}) since it opened. A socket without an inode (one in
   * TIME-WAIT, owned by no process any more) is left out; a count ss does not print is 0 (ss prints only those
   * above 0).
   */
  static Map<Long, Bytes> tcpSockets(String text) {
    Map<Long, Bytes> sockets = new HashMap<>();
    for (String line : text.split("\n")) {
      long inode = 0, received = 0, sent = 0;
      for (String word : line.trim().split("\\s+")) {
        if (word.startsWith("ino:")) {
          inode = Long.parseLong(word.substring(4));
        } else if (word.startsWith("bytes_received:")) {
          received = Long.parseLong(word.substring(15));
        } else if (word.startsWith("bytes_sent:")) {
          sent = Long.parseLong(word.substring(11));
        }
      }
      if (inode > 0) {
        sockets.put(inode, new Bytes(received, sent));
      }
    }
    return sockets;
  }

  /** The inode of a socket's /proc/PID/fd link target ("socket:[12345]"); -1 for any other file. */
  static long socketInode(String linkTarget) {
    if (!linkTarget.startsWith("socket:[") || !linkTarget.endsWith("]")) {
      return -1;
    }
    return Long.parseLong(linkTarget.substring(8, linkTarget.length() - 1));
  }
}
