package io.iotkit.model;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Whether the driver could have limited an execution's result: the evidence that its IoTps measured the store and
 * not the driver. Read from what the run measured anyway: each driver host's CPU (its resources' seconds), each
 * instance's CPU, and where each instance's time went ({@link DriverTime}).
 *
 * <p>The kit names the driver a possible limit when any of these held:
 * <ul>
 *   <li>a driver host was busy above {@link #HOST_BUSY_LIMIT} of its CPUs over the execution: past that, runnable
 *       threads queue for a CPU, so the driver's threads (and, on a host that runs the SUT too, the store's) waited
 *       for the machine rather than for each other;</li>
 *   <li>an instance's JVM was paused for garbage collection above {@link #GC_LIMIT} of the execution: its threads
 *       generated and counted nothing for that share of the time;</li>
 *   <li>a paced instance generated a reading more than {@link #BEHIND_LIMIT_SECONDS} s after its scheduled instant
 *       while its insert threads spent less than {@link #STORE_WAIT_FLOOR} of their time waiting on the store: it
 *       fell behind doing its own work, not waiting for the store.</li>
 * </ul>
 * None is a rule of the TPC: a result the driver may have limited is valid, and the warning says what it measured.
 *
 * @param hosts each driver host's CPU over the execution
 * @param storeWaitShare the share of the instances' insert-thread time spent in write calls and at the in-flight
 *     bound (the store's backpressure); null where the instances did not report their time
 * @param pacingWaitShare the share spent waiting for paced readings' scheduled instants; null likewise
 * @param gcShareMax the largest share of an instance's execution its JVM spent in collection pauses; null likewise
 * @param gcInstance the instance of that share; -1 when unknown
 * @param behindScheduleMaxSeconds the most any paced reading was generated after its scheduled instant; 0 unpaced;
 *     null likewise
 * @param behindInstance the instance of that lag; -1 when unknown
 * @param warnings why the driver could have limited the result, one sentence each; empty when it had headroom
 */
public record DriverHeadroom(List<Host> hosts, Double storeWaitShare, Double pacingWaitShare, Double gcShareMax,
                             int gcInstance, Double behindScheduleMaxSeconds, int behindInstance,
                             List<String> warnings) {

  /** The mean share of a host's CPUs busy beyond which the driver's threads queue for a CPU. */
  public static final double HOST_BUSY_LIMIT = 0.90;
  /** The share of the execution an instance may spend in collection pauses. */
  public static final double GC_LIMIT = 0.05;
  /** How late a paced reading may be generated before the driver counts as behind. */
  public static final double BEHIND_LIMIT_SECONDS = 1.0;
  /** Below this share of time waiting on the store, an instance behind its schedule was held back by itself. */
  public static final double STORE_WAIT_FLOOR = 0.5;

  public DriverHeadroom {
    hosts = List.copyOf(hosts);
    warnings = List.copyOf(warnings);
  }

  /**
   * One driver host over an execution.
   *
   * @param host the host's name as the run knows it
   * @param cpus its logical CPUs
   * @param busyShare its CPUs' mean busy share (user and system time over the CPUs), whatever used them
   * @param instancesCpu CPU seconds per second its driver instances' JVMs used together
   * @param runsSut whether it runs (part of) the SUT too
   */
  public record Host(String host, int cpus, double busyShare, double instancesCpu, boolean runsSut) {
  }

  /** The headroom of one execution, from its instances' time and its resources. */
  public static DriverHeadroom of(PhaseResult p) {
    List<Host> hosts = new ArrayList<>();
    ResourceUsage usage = p.resources() == null ? ResourceUsage.none() : p.resources();
    List<String> warnings = new ArrayList<>();
    for (ResourceUsage.HostUsage h : usage.hosts()) {
      if (!h.roles().contains("driver") || h.seconds() == 0 || h.cpus() <= 0) {
        continue;
      }
      double busy = mean(h.cpuBusy()) / h.cpus();
      double instancesCpu = usage.processesOf("driver").stream().filter(u -> u.host().equals(h.host()))
          .mapToDouble(u -> mean(u.cpuSeconds())).sum();
      Host host = new Host(h.host(), h.cpus(), busy, instancesCpu, h.roles().contains("sut"));
      hosts.add(host);
      if (busy > HOST_BUSY_LIMIT) {
        warnings.add(String.format(Locale.ROOT, "driver host %s was busy %.0f %% of its %d CPUs (limit %.0f %%)%s",
            h.host(), 100 * busy, h.cpus(), 100 * HOST_BUSY_LIMIT, host.runsSut()
                ? ", and it runs the SUT too: the driver and the store competed for its CPUs" : ""));
      }
    }
    List<InstanceResult> instances = p.instances() == null ? List.of() : p.instances();
    if (instances.isEmpty() || instances.stream().anyMatch(i -> i.driverTime() == null)) {
      return new DriverHeadroom(hosts, null, null, null, -1, null, -1, warnings);
    }
    long threadMicros = 0, storeMicros = 0, pacingMicros = 0;
    double gcMax = -1;
    int gcInstance = -1;
    long behindMax = -1;
    InstanceResult behind = null;
    for (InstanceResult i : instances) {
      DriverTime t = i.driverTime();
      threadMicros += t.insertThreadMicros();
      storeMicros += t.storeWaitMicros();
      pacingMicros += t.pacingWaitMicros();
      long elapsed = i.endMicros() - i.startMicros();
      double gc = elapsed <= 0 ? 0 : (double) t.gcPauseMicros() / elapsed;
      if (gc > gcMax) {
        gcMax = gc;
        gcInstance = i.instance();
      }
      if (t.behindScheduleMaxMicros() > behindMax) {
        behindMax = t.behindScheduleMaxMicros();
        behind = i;
      }
    }
    if (gcMax > GC_LIMIT) {
      warnings.add(String.format(Locale.ROOT, "driver instance %d was paused for garbage collection %.1f %% of the "
          + "execution (limit %.0f %%)", gcInstance, 100 * gcMax, 100 * GC_LIMIT));
    }
    double behindSeconds = behindMax / 1e6;
    double behindStoreShare = share(behind.driverTime().storeWaitMicros(), behind.driverTime().insertThreadMicros());
    if (behindSeconds > BEHIND_LIMIT_SECONDS && behindStoreShare < STORE_WAIT_FLOOR) {
      warnings.add(String.format(Locale.ROOT, "driver instance %d generated a paced reading %.3f s after its "
          + "scheduled instant while its insert threads waited on the store only %.0f %% of their time (limits %.0f "
          + "s, %.0f %%)", behind.instance(), behindSeconds, 100 * behindStoreShare, BEHIND_LIMIT_SECONDS,
          100 * STORE_WAIT_FLOOR));
    }
    return new DriverHeadroom(hosts, share(storeMicros, threadMicros), share(pacingMicros, threadMicros), gcMax,
        gcInstance, behindSeconds, behind.instance(), warnings);
  }

  /**
   * The figures as one line: "host a (runs the SUT too) busy 97 % of 2 CPUs, instances 1.21 CPU s/s; insert threads
   * waited on the store 64 % of their time, on their schedule 0 %; GC pauses at most 0.3 % (instance 1); behind
   * schedule at most 0.000 s".
   */
  public String text() {
    List<String> parts = new ArrayList<>();
    for (Host h : hosts) {
      parts.add(String.format(Locale.ROOT, "host %s%s busy %.0f %% of %d CPUs, instances %.2f CPU s/s", h.host(),
          h.runsSut() ? " (runs the SUT too)" : "", 100 * h.busyShare(), h.cpus(), h.instancesCpu()));
    }
    if (hosts.isEmpty()) {
      parts.add("driver hosts' CPU not sampled");
    }
    if (storeWaitShare == null) {
      parts.add("the instances did not report their time");
    } else {
      parts.add(String.format(Locale.ROOT, "insert threads waited on the store %.0f %% of their time, on their "
          + "schedule %.0f %%; GC pauses at most %.1f %% (instance %d); behind schedule at most %.3f s",
          100 * storeWaitShare, 100 * pacingWaitShare, 100 * gcShareMax, gcInstance, behindScheduleMaxSeconds));
    }
    return (warnings.isEmpty() ? "headroom: " : "the driver could have limited the result: ")
        + String.join("; ", parts);
  }

  private static double share(long part, long whole) {
    return whole <= 0 ? 0 : (double) part / whole;
  }

  private static double mean(double[] series) {
    return series == null ? 0 : ResourceUsage.Summary.of(series).mean();
  }
}
