package io.iotkit.metrics;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.iotkit.model.ResourceUsage;
import io.iotkit.model.ResourceUsage.HostUsage;
import io.iotkit.model.ResourceUsage.ProcessUsage;
import java.util.List;
import org.junit.jupiter.api.Test;

class ResourceMergeTest {
  private static HostUsage host(String name, String role, int seconds, double user) {
    double[] u = new double[seconds];
    java.util.Arrays.fill(u, user);
    long[] z = new long[seconds];
    return new HostUsage(name, List.of(role), 2, 1 << 30, u, new double[seconds], new double[seconds], z, z, z, z, z);
  }

  private static ProcessUsage process(String host, String name, String role, long pid, int seconds) {
    return new ProcessUsage(host, name, role, pid, new double[seconds], new long[seconds], new long[seconds], null);
  }

  @Test
  void oneSeriesPerHostWithEveryRoleItHadAndTheLongestSeries() {
    ResourceUsage master = new ResourceUsage(List.of(host("box", "master", 10, 1.0), host("box", "sut", 3, 9)),
        List.of(process("box", "master", "master", 1, 10), process("box", "datanode 1", "sut", 2, 10)));
    ResourceUsage i0 = new ResourceUsage(List.of(host("box", "driver", 9, 0.5)),
        List.of(process("box", "instance 0", "driver", 3, 9)));
    ResourceUsage i1 = new ResourceUsage(List.of(host("far", "driver", 8, 0.25)),
        List.of(process("far", "instance 1", "driver", 3, 8)));
    ResourceUsage i2 = new ResourceUsage(List.of(host("far", "driver", 9, 0.75)),
        List.of(process("far", "instance 2", "driver", 4, 9)));
    ResourceUsage merged = ResourceMerge.of(java.util.Arrays.asList(master, i0, null, i1, i2));

    assertEquals(2, merged.hosts().size());
    HostUsage box = merged.hosts().get(0);
    assertEquals("box", box.host());
    assertEquals(List.of("master", "driver", "sut"), box.roles());
    assertEquals(10, box.seconds());
    assertEquals(1.0, box.cpuUser()[0]); // the master's series, the longest
    HostUsage far = merged.hosts().get(1);
    assertEquals(List.of("driver"), far.roles());
    assertEquals(0.75, far.cpuUser()[0]);
    assertEquals(List.of("master", "datanode 1", "instance 0", "instance 1", "instance 2"),
        merged.processes().stream().map(ProcessUsage::name).toList());
  }

  @Test
  void firstSecondsCutsEverySeriesAndKeepsNotReadable() {
    ResourceUsage u = new ResourceUsage(List.of(host("box", "master", 10, 1)),
        List.of(process("box", "master", "master", 1, 10)));
    ResourceUsage cut = ResourceMerge.firstSeconds(u, 4);
    assertEquals(4, cut.hosts().get(0).seconds());
    assertEquals(4, cut.hosts().get(0).netTxBytes().length);
    assertEquals(4, cut.processes().get(0).cpuSeconds().length);
    assertArrayEquals(new long[4], cut.processes().get(0).diskReadBytes());
    assertEquals(null, cut.processes().get(0).diskWriteBytes());
    assertEquals(10, ResourceMerge.length(u));
  }

  @Test
  void toSecondsPadsAProcessThatEndedEarlyButNeverAHost() {
    ResourceUsage u = new ResourceUsage(List.of(host("box", "driver", 8, 1)),
        List.of(process("box", "instance 0", "driver", 3, 6), process("box", "datanode 1", "sut", 4, 12)));
    ResourceUsage ten = ResourceMerge.toSeconds(u, 10);
    assertEquals(8, ten.hosts().get(0).seconds(), "a host's missing seconds are not zeros");
    assertEquals(10, ten.processes().get(0).cpuSeconds().length);
    assertEquals(10, ten.processes().get(0).diskReadBytes().length);
    assertEquals(null, ten.processes().get(0).diskWriteBytes());
    assertEquals(10, ten.processes().get(1).rssBytes().length);
  }

  /**
   * A local instance the master sampled too (for its sockets) is the master's series, network and all; the SUT
   * folder measured around the execution outlives merging and cutting.
   */
  @Test
  void aLocalInstanceIsTheMastersSeriesAndTheSutFolderIsKept() {
    long[] rx = {10, 20, 30};
    ResourceUsage sampled = new ResourceUsage(List.of(host("box", "master", 3, 1)), List.of(new ProcessUsage("box",
        "instance 0", "driver", 3, new double[3], new long[3], new long[3], new long[3], rx, new long[3])),
        new ResourceUsage.DataFolder(4_096, 1_052_672));
    ResourceUsage own = new ResourceUsage(List.of(host("box", "driver", 3, 0.5)),
        List.of(process("box", "instance 0", "driver", 3, 3)));
    ResourceUsage merged = ResourceMerge.toSeconds(ResourceMerge.of(List.of(sampled, own)), 5);
    assertEquals(1, merged.processes().size());
    assertArrayEquals(new long[] {10, 20, 30, 0, 0}, merged.processes().get(0).netRxBytes(), "padded like the rest");
    assertEquals(1_048_576L, merged.sutFolder().growthBytes());
    assertEquals(new ResourceUsage.Traffic(1, 60, 0), merged.traffic("driver"));
    assertEquals(null, own.traffic("driver"), "an instance that sampled itself counts no sockets");
    assertEquals(null, ResourceMerge.firstSeconds(own, 2).sutFolder());
  }
}
