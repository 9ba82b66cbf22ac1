package io.iotkit.model;

import io.iotkit.model.ResourceUsage.HostUsage;
import io.iotkit.model.ResourceUsage.ProcessUsage;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Synthetic but plausible resource usage for report, schema and disclosure tests: one host that is master,
 * driver and SUT, the master's JVM, each instance's, and two SUT nodes, one of which is another user's process
 * whose disk bytes could not be read. The same for the same arguments.
 */
public final class SampleUsage {
  private static final long MIB = 1 << 20;

  private SampleUsage() {
  }

  public static ResourceUsage of(int seconds, int instances, long seed) {
    Random rnd = new Random(seed);
    double[] user = new double[seconds];
    double[] system = new double[seconds];
    double[] iowait = new double[seconds];
    long[] mem = new long[seconds];
    long[] read = new long[seconds];
    long[] write = new long[seconds];
    long[] rx = new long[seconds];
    long[] tx = new long[seconds];
    for (int s = 0; s < seconds; s++) {
      double ramp = Math.min(1, (s + 1) / 10.0);
      user[s] = round(ramp * (1.2 + rnd.nextDouble() * 0.3));
      system[s] = round(ramp * (0.3 + rnd.nextDouble() * 0.1));
      iowait[s] = round(rnd.nextDouble() * 0.05);
      mem[s] = (3_000 + s / 4 + rnd.nextInt(50)) * MIB;
      read[s] = rnd.nextInt(64) * 4096L;
      write[s] = (s % 30 == 29 ? 120 : 8 + rnd.nextInt(8)) * MIB; // a flush every 30 s
      rx[s] = 2_000 + rnd.nextInt(500);
      tx[s] = 1_500 + rnd.nextInt(500);
    }
    List<HostUsage> hosts = List.of(new HostUsage("gw-01", List.of("master", "driver", "sut"), 2, 8_192 * MIB, user,
        system, iowait, mem, read, write, rx, tx));
    List<ProcessUsage> processes = new ArrayList<>();
    processes.add(process("master", "master", 4000, seconds, 0.05, 180, rnd, true));
    for (int i = 0; i < instances; i++) {
      processes.add(process("instance " + i, "driver", 4100 + i, seconds, 0.6 / instances, 300, rnd, true));
    }
    processes.add(process("datanode 1", "sut", 3000, seconds, 0.4, 900, rnd, true));
    processes.add(process("regionserver 1", "sut", 3001, seconds, 0.5, 1_400, rnd, false));
    return new ResourceUsage(hosts, processes);
  }

  private static final long KIB = 1 << 10;

  private static ProcessUsage process(String name, String role, long pid, int seconds, double cpu, long rssMib,
                                      Random rnd, boolean ioReadable) {
    double[] c = new double[seconds];
    long[] rss = new long[seconds];
    long[] read = new long[seconds];
    long[] write = new long[seconds];
    long[] rx = new long[seconds];
    long[] tx = new long[seconds];
    for (int s = 0; s < seconds; s++) {
      c[s] = round(cpu * (0.8 + rnd.nextDouble() * 0.4));
      rss[s] = (rssMib + Math.min(s, 60)) * MIB;
      write[s] = role.equals("sut") ? (6 + rnd.nextInt(4)) * MIB : 0;
      // over loopback: the instances send the readings, the SUT's nodes receive them (and pass some on)
      rx[s] = role.equals("sut") ? (600 + s % 3) * KIB : 20 * KIB;
      tx[s] = role.equals("driver") ? (1_100 + s % 3) * KIB : 30 * KIB;
    }
    return new ProcessUsage("gw-01", name, role, pid, c, rss, ioReadable ? read : null, ioReadable ? write : null,
        rx, tx);
  }

  private static double round(double v) {
    return Math.round(v * 100) / 100.0;
  }
}
