package io.iotkit.process;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A control group that holds every process of one local server to its {@link SutLimits}: on the machine's cgroup
 * v1 {@code cpu} and {@code memory} hierarchies where those controllers are mounted, else in a cgroup v2 group.
 * The group is made under the kit's own group, so it never escapes a limit the kit itself runs under.
 *
 * <p>A server joins it by its launcher's command being {@link #wrap wrapped}: a shell writes its own pid into the
 * group and then becomes the launcher, so the launcher and everything it starts (broker JVMs, postgres, influxd)
 * are inside from their first instruction, and a restart's new processes are too.
 */
public final class Cgroup {
  private static final long PERIOD_MICROS = 100_000;
  private static final Path ROOT = Path.of("/proc/self");
  private static final AtomicInteger COUNT = new AtomicInteger();
  /** Writes the shell's pid into each file before the "--", then becomes the command after it. */
  private static final String JOIN = "while [ \"$1\" != -- ]; do echo $$ > \"$1\" || exit 125; shift; done;"
      + " shift; exec \"$@\"";

  private final List<Path> dirs;

  private Cgroup(List<Path> dirs) {
    this.dirs = List.copyOf(dirs);
  }

  /**
   * Makes a new group with {@code limits} for a server named {@code name}.
   *
   * @throws IOException with one line saying what the machine lacks, when it cannot be made
   */
  public static Cgroup create(String name, SutLimits limits) throws IOException {
    String group = groupName(name);
    Set<Path> dirs = new LinkedHashSet<>();
    try {
      if (limits.cpus() > 0) {
        long quota = Math.max(1_000, Math.round(limits.cpus() * PERIOD_MICROS));
        Hierarchy h = Hierarchy.of("cpu");
        Path dir = h.make(group);
        dirs.add(dir);
        // The group competes for CPU as one entity beside every process outside it, with one process's weight by
        // default: its weight is raised to the most the kernel takes, so that on a busy host the server gets its
        // quota rather than one thread's share.
        if (h.v2) {
          write(dir.resolve("cpu.max"), quota + " " + PERIOD_MICROS);
          write(dir.resolve("cpu.weight"), "10000");
        } else {
          write(dir.resolve("cpu.cfs_period_us"), Long.toString(PERIOD_MICROS));
          write(dir.resolve("cpu.cfs_quota_us"), Long.toString(quota));
          write(dir.resolve("cpu.shares"), "262144");
        }
      }
      if (limits.memoryBytes() > 0) {
        Hierarchy h = Hierarchy.of("memory");
        Path dir = h.make(group);
        dirs.add(dir);
        write(dir.resolve(h.v2 ? "memory.max" : "memory.limit_in_bytes"), Long.toString(limits.memoryBytes()));
      }
    } catch (IOException e) {
      new Cgroup(new ArrayList<>(dirs)).remove();
      throw e;
    }
    return new Cgroup(new ArrayList<>(dirs));
  }

  /**
   * A group with no limit and no effect on scheduling, only to know a server's processes: whatever its launcher
   * leaves behind (a native server whose launcher was killed) is ended when the group is removed. Empty where no
   * group can be made, since nothing was asked of the machine.
   */
  public static Optional<Cgroup> tracking(String name) {
    String group = groupName(name);
    try {
      // the pids controller only counts: a group in the cpu hierarchy would change how the server is scheduled
      return Optional.of(new Cgroup(List.of(Hierarchy.of("pids").make(group))));
    } catch (IOException e) {
      return Optional.empty();
    }
  }

  /** A name no other group of this JVM or of another kit on the machine has. */
  private static String groupName(String name) {
    return "iotkit-" + name + "-" + ProcessHandle.current().pid() + "-" + COUNT.incrementAndGet();
  }

  /** {@code command}, made to join this group before it runs. */
  public List<String> wrap(List<String> command) {
    List<String> cmd = new ArrayList<>(List.of("/bin/sh", "-c", JOIN, "sut-cgroup"));
    dirs.forEach(d -> cmd.add(d.resolve("cgroup.procs").toString()));
    cmd.add("--");
    cmd.addAll(command);
    return cmd;
  }

  /** The processes in the group now. */
  public List<Long> pids() {
    Set<Long> pids = new LinkedHashSet<>();
    for (Path d : dirs) {
      try {
        for (String line : Files.readAllLines(d.resolve("cgroup.procs"))) {
          if (!line.isBlank()) {
            pids.add(Long.parseLong(line.trim()));
          }
        }
      } catch (IOException e) {
        // the group is gone
      }
    }
    return List.copyOf(pids);
  }

  /** Whether process {@code pid} is in the group. */
  public boolean holds(long pid) {
    return pids().contains(pid);
  }

  /**
   * Kills whatever is still in the group (what a server left behind when it stopped) and removes the group;
   * safe to call more than once.
   */
  public void remove() {
    endAll();
    for (Path d : dirs) {
      try {
        Files.deleteIfExists(d);
      } catch (IOException e) {
        // still busy: the kernel removes nothing that holds a process, and the next run's group has its own name
      }
    }
  }

  /** Kills whatever is in the group now and waits (up to 5 s) until it is gone; the group stays. */
  public void endAll() {
    for (int attempt = 0; attempt < 50 && !pids().isEmpty(); attempt++) {
      pids().forEach(pid -> ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly));
      sleep();
    }
  }

  private static void sleep() {
    try {
      Thread.sleep(100);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static void write(Path file, String value) throws IOException {
    try {
      Files.writeString(file, value, StandardCharsets.US_ASCII);
    } catch (IOException e) {
      throw new IOException("cannot set " + file + " to " + value + ": " + e.getMessage(), e);
    }
  }

  /** Where a controller's groups are made on this machine: the kit's own group in the hierarchy that has it. */
  private record Hierarchy(Path dir, boolean v2) {
    static Hierarchy of(String controller) throws IOException {
      Optional<Hierarchy> h = v1(controller).or(() -> v2(controller));
      return h.orElseThrow(() -> new IOException("--sut-cpus and --sut-memory need the " + controller
          + " controller of cgroup v1 or v2, and this machine offers neither to the kit (see /proc/self/cgroup and"
          + " /proc/self/mountinfo); run the kit as root on a machine that mounts /sys/fs/cgroup, or leave the"
          + " option out"));
    }

    Path make(String group) throws IOException {
      removeAbandoned();
      Path d = dir.resolve(group);
      try {
        Files.createDirectory(d);
      } catch (IOException e) {
        throw new IOException("cannot make the cgroup " + d + " for the local server (" + e.getMessage()
            + "); --sut-cpus and --sut-memory need root, or a cgroup the kit's user may write", e);
      }
      return d;
    }

    /**
     * Removes the empty groups that a kit which is no longer running left here (one killed before it could remove
     * them): a group's name ends with its maker's pid and a count. A group that still holds a process stays, as
     * the kernel removes none that does.
     */
    private void removeAbandoned() {
      try (var groups = Files.list(dir)) {
        groups.filter(g -> abandoned(g.getFileName().toString())).forEach(g -> {
          try {
            Files.deleteIfExists(g);
          } catch (IOException e) {
            // still holds a process, or another kit removed it first
          }
        });
      } catch (IOException e) {
        // nothing to sweep where the hierarchy cannot be listed; making the group reports what is wrong
      }
    }

    private static boolean abandoned(String group) {
      String[] parts = group.split("-");
      if (!group.startsWith("iotkit-") || parts.length < 4) {
        return false;
      }
      try {
        return ProcessHandle.of(Long.parseLong(parts[parts.length - 2])).isEmpty();
      } catch (NumberFormatException e) {
        return false;
      }
    }

    private static Optional<Hierarchy> v1(String controller) {
      for (String[] m : mounts()) {
        if (m[1].equals("cgroup") && List.of(m[2].split(",")).contains(controller)) {
          for (String[] g : ownGroups()) {
            if (List.of(g[1].split(",")).contains(controller)) {
              return Optional.of(new Hierarchy(under(Path.of(m[0]), m[3], g[2]), false));
            }
          }
        }
      }
      return Optional.empty();
    }

    private static Optional<Hierarchy> v2(String controller) {
      for (String[] m : mounts()) {
        if (!m[1].equals("cgroup2")) {
          continue;
        }
        for (String[] g : ownGroups()) {
          if (g[0].equals("0") && g[1].isEmpty()) {
            Path own = under(Path.of(m[0]), m[3], g[2]);
            try {
              if (!List.of(Files.readString(own.resolve("cgroup.controllers")).trim().split(" "))
                  .contains(controller)) {
                return Optional.empty();
              }
              if (!Files.readString(own.resolve("cgroup.subtree_control")).contains(controller)) {
                Files.writeString(own.resolve("cgroup.subtree_control"), "+" + controller);
              }
              return Optional.of(new Hierarchy(own, true));
            } catch (IOException e) {
              return Optional.empty(); // a group that holds processes cannot hand controllers down
            }
          }
        }
      }
      return Optional.empty();
    }

    /** The folder of {@code groupPath} in a hierarchy mounted at {@code mountPoint} from {@code mountRoot}. */
    private static Path under(Path mountPoint, String mountRoot, String groupPath) {
      Path rel = Path.of(mountRoot).relativize(Path.of(groupPath));
      return rel.toString().startsWith("..") ? mountPoint : mountPoint.resolve(rel);
    }

    /** Each cgroup mount as {mount point, type, super options, root}. */
    private static List<String[]> mounts() {
      List<String[]> out = new ArrayList<>();
      for (String line : lines(ROOT.resolve("mountinfo"))) {
        String[] halves = line.split(" - ", 2);
        if (halves.length < 2) {
          continue;
        }
        String[] pre = halves[0].split(" ");
        String[] post = halves[1].split(" ");
        if (pre.length > 4 && post.length > 2 && post[0].startsWith("cgroup")) {
          out.add(new String[] {pre[4], post[0], post[2], pre[3]});
        }
      }
      return out;
    }

    /** Each line of /proc/self/cgroup as {hierarchy id, controllers, path}. */
    private static List<String[]> ownGroups() {
      return lines(ROOT.resolve("cgroup")).stream().map(l -> l.split(":", 3)).filter(f -> f.length == 3).toList();
    }

    private static List<String> lines(Path file) {
      try {
        return Files.readAllLines(file);
      } catch (IOException e) {
        return List.of();
      }
    }
  }
}
