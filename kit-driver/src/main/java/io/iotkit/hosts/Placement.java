package io.iotkit.hosts;

import java.util.ArrayList;
import java.util.List;

/**
 * Which host runs which instance: hosts with {@code instances=N} run N each, the others share the rest evenly;
 * instances are dealt round robin in host-list order (instance 0 to the first host, 1 to the second, ...), skipping
 * hosts that have their share.
 */
public final class Placement {
  private Placement() {
  }

  /**
   * @return for each instance 0..p-1, its host
   * @throws IllegalArgumentException when the counts cannot add up to p
   */
  public static List<DriverHost> place(List<DriverHost> hosts, int p) {
    int fixed = hosts.stream().filter(h -> h.instances() != null).mapToInt(DriverHost::instances).sum();
    List<DriverHost> sharing = hosts.stream().filter(h -> h.instances() == null).toList();
    if (fixed > p || (sharing.isEmpty() && fixed != p)) {
      throw new IllegalArgumentException("the host list places " + fixed + " instances by instances=N, but -p is "
          + p + (sharing.isEmpty() ? ": make the counts add up to -p, or leave a host without a count" : ""));
    }
    int rest = p - fixed;
    int[] left = new int[hosts.size()];
    for (int i = 0; i < hosts.size(); i++) {
      DriverHost h = hosts.get(i);
      int k = sharing.indexOf(h);
      left[i] = h.instances() != null ? h.instances() : rest / sharing.size() + (k < rest % sharing.size() ? 1 : 0);
    }
    List<DriverHost> placed = new ArrayList<>();
    for (int i = 0; placed.size() < p; i = (i + 1) % hosts.size()) {
      if (left[i] > 0) {
        left[i]--;
        placed.add(hosts.get(i));
      }
    }
    return placed;
  }
}
