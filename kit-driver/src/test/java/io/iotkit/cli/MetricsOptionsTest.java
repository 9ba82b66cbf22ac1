package io.iotkit.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iotkit.live.MetricsEndpoint;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** {@code --metrics-port} and its companions: off by default, and bad input found before anything starts. */
class MetricsOptionsTest {
  private static MetricsOptions parsed(String... args) {
    RunCommand run = new RunCommand();
    new CommandLine(run).parseArgs(args);
    return run.metrics;
  }

  @Test
  void offUnlessAPortIsGiven() throws Exception {
    assertNull(parsed("-b", "null").open());
  }

  @Test
  void aPortInUseIsOneLineOfBadInput() throws Exception {
    try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
      int port = taken.getLocalPort();
      BadInputException e = assertThrows(BadInputException.class,
          () -> parsed("--metrics-port", Integer.toString(port)).open());
      assertTrue(e.getMessage().startsWith("--metrics-port " + port + " on 127.0.0.1: "), e.getMessage());
      assertTrue(e.getMessage().contains("choose a free port"), e.getMessage());
      assertEquals(1, e.getMessage().lines().count());
    }
  }

  @Test
  void anAddressOfNoInterfaceOrAMisplacedOptionIsBadInput() {
    assertThrows(BadInputException.class,
        () -> parsed("--metrics-port", "0", "--metrics-address", "192.0.2.1").open()); // TEST-NET: not this host
    BadInputException alone = assertThrows(BadInputException.class,
        () -> parsed("--metrics-address", "0.0.0.0").open());
    assertEquals("--metrics-address and --metrics-label go with --metrics-port", alone.getMessage());
    BadInputException taken = assertThrows(BadInputException.class,
        () -> parsed("--metrics-port", "0", "--metrics-label", "run=x").open());
    assertTrue(taken.getMessage().startsWith("--metrics-label run: the kit or Prometheus sets this label"),
        taken.getMessage());
    assertThrows(BadInputException.class, () -> parsed("--metrics-port", "0", "--metrics-label", "9x=y").open());
    assertThrows(BadInputException.class, () -> parsed("--metrics-port", "70000").open());
  }

  @Test
  void aFreePortServesAndASweepHandsItsOptionsToEachRun() throws Exception {
    MetricsOptions o = parsed("--metrics-port", "0", "--metrics-label", "sut=kafka-3", "--metrics-grace", "2");
    try (MetricsEndpoint endpoint = o.open()) {
      assertTrue(endpoint.url().matches("http://127\\.0\\.0\\.1:\\d+/metrics"), endpoint.url());
    }
    assertEquals(List.of("--metrics-port", "0", "--metrics-address", "127.0.0.1", "--metrics-grace", "2",
        "--metrics-label", "sut=kafka-3", "--metrics-label", "point=4"), o.forRun(Map.of("point", "4")));
  }
}
