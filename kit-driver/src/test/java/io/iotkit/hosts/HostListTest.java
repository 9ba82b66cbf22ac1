package io.iotkit.hosts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HostListTest {

  @Test
  void readsHostsCountsAndKitFolders(@TempDir Path dir) throws Exception {
    Path f = dir.resolve("hosts.txt");
    Files.writeString(f, """
        # driver hosts
        bench@node1:2222 instances=3
        node2            # shares the rest
        [::1]:22 kit=/opt/kit

        """);
    List<DriverHost> hosts = HostList.read(f);
    assertEquals(List.of(new DriverHost("bench", "node1", 2222, 3, null), new DriverHost(null, "node2", 0, null, null),
        new DriverHost(null, "[::1]", 22, null, "/opt/kit")), hosts);
    assertEquals("bench@node1:2222", hosts.get(0).name());
    assertEquals("bench@node1", hosts.get(0).destination());
  }

  @Test
  void badLinesNameFileLineAndWhat(@TempDir Path dir) throws Exception {
    Path f = dir.resolve("hosts.txt");
    Files.writeString(f, "node1\nnode2 instances=two\n");
    var e = assertThrows(HostList.BadHostListException.class, () -> HostList.read(f));
    assertEquals("host list " + f + " line 2: instances=two is not a count of 0 or more", e.getMessage());
    Files.writeString(f, "node1:99999\n");
    assertTrue(assertThrows(HostList.BadHostListException.class, () -> HostList.read(f)).getMessage()
        .endsWith("line 1: port 99999 is not in 1..65535"));
    Files.writeString(f, "node1:99999999999\n");
    assertTrue(assertThrows(HostList.BadHostListException.class, () -> HostList.read(f)).getMessage()
        .endsWith("line 1: port 99999999999 is not in 1..65535"), "too large for an int, still one line");
    Files.writeString(f, "node1 instances=99999999999\n");
    assertTrue(assertThrows(HostList.BadHostListException.class, () -> HostList.read(f)).getMessage()
        .endsWith("instances=99999999999 is not a count of 0 or more"));
    Files.writeString(f, "node1\nnode1\n");
    assertTrue(assertThrows(HostList.BadHostListException.class, () -> HostList.read(f)).getMessage()
        .contains("node1 is listed twice"));
    Files.writeString(f, "node1 kit=relative\n");
    assertTrue(assertThrows(HostList.BadHostListException.class, () -> HostList.read(f)).getMessage()
        .contains("'kit=relative' is neither"));
    Files.writeString(f, "# nothing\n");
    assertTrue(assertThrows(HostList.BadHostListException.class, () -> HostList.read(f)).getMessage()
        .endsWith("names no host"));
  }

  @Test
  void sutLinesAreSutHostsNotDriverHosts(@TempDir Path dir) throws Exception {
    Path f = dir.resolve("hosts.txt");
    Files.writeString(f, """
        bench@node1 instances=2
        admin@hbase-rs1 sut    # a region server
        10.0.0.7:2222   sut
        """);
    HostList.Listed l = HostList.readAll(f);
    assertEquals(List.of(new DriverHost("bench", "node1", 0, 2, null)), l.drivers());
    assertEquals(List.of(new DriverHost("admin", "hbase-rs1", 0, null, null), new DriverHost(null, "10.0.0.7", 2222,
        null, null)), l.sutHosts());
    assertEquals(l.drivers(), HostList.read(f), "read gives the driver hosts only");
  }

  @Test
  void sutWithDriverWordsOrAloneIsOneLine(@TempDir Path dir) throws Exception {
    Path f = dir.resolve("hosts.txt");
    Files.writeString(f, "node1\nrs1 sut instances=2\n");
    assertEquals("host list " + f + " line 2: a sut host runs no instances; drop instances=2 (or drop 'sut' to make"
        + " it a driver host)", assertThrows(HostList.BadHostListException.class, () -> HostList.read(f)).getMessage());
    Files.writeString(f, "node1\nrs1 kit=/opt/kit sut\n");
    assertTrue(assertThrows(HostList.BadHostListException.class, () -> HostList.read(f)).getMessage()
        .endsWith("line 2: a sut host needs no kit; drop kit=/opt/kit"));
    Files.writeString(f, "node1\nrs1 sut sut\n");
    assertTrue(assertThrows(HostList.BadHostListException.class, () -> HostList.read(f)).getMessage()
        .endsWith("line 2: 'sut' is written twice"));
    Files.writeString(f, "node1\nnode1 sut\n");
    assertTrue(assertThrows(HostList.BadHostListException.class, () -> HostList.read(f)).getMessage()
        .contains("node1 is listed twice; a host is listed once, as a driver host or as a sut host"));
    Files.writeString(f, "rs1 sut\n");
    assertTrue(assertThrows(HostList.BadHostListException.class, () -> HostList.read(f)).getMessage()
        .endsWith("names no driver host (its sut lines are SUT nodes to sample; list at least one host to run"
            + " instances)"));
    Files.writeString(f, "node1 suts\n");
    assertTrue(assertThrows(HostList.BadHostListException.class, () -> HostList.read(f)).getMessage()
        .contains("'suts' is neither instances=N, kit=/absolute/dir nor sut"));
  }

  @Test
  void placementDealsRoundRobinAndHonoursCounts() {
    DriverHost a = new DriverHost(null, "a", 0, null, null);
    DriverHost b = new DriverHost(null, "b", 0, null, null);
    DriverHost c = new DriverHost(null, "c", 0, 1, null);
    assertEquals(List.of(a, b, a, b, a), Placement.place(List.of(a, b), 5));
    assertEquals(List.of(a, c, b, a), Placement.place(List.of(a, c, b), 4), "c runs its one, a and b share 3");
    assertThrows(IllegalArgumentException.class, () -> Placement.place(List.of(c), 2), "counts must add up to P");
    assertThrows(IllegalArgumentException.class, () -> Placement.place(List.of(a, new DriverHost(null, "d", 0, 5,
        null)), 4), "more placed than P");
  }

  @Test
  void clockOffsetKeepsTheTightestRoundTrip() {
    ClockOffset slow = ClockOffset.of(1_000, 51_000, 3_000); // rtt 2 ms: offset 49 ms +- 1 ms
    ClockOffset fast = ClockOffset.of(10_000, 60_200, 10_400); // rtt 0.4 ms: offset 50 ms +- 0.2 ms
    ClockOffset best = slow.best(fast);
    assertEquals(50_000, best.offsetMicros());
    assertEquals(200, best.errorMicros());
    assertEquals(50_200, best.boundMicros());
    assertEquals(best, fast.best(slow));
  }

  @Test
  void shellQuotingKeepsWordsWhole() {
    assertEquals("java -cp '/kit/lib/*' 'it'\\''s' ''", Ssh.shell(List.of("java", "-cp", "/kit/lib/*", "it's", "")));
  }
}
