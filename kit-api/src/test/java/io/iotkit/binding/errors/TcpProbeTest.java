package io.iotkit.binding.errors;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.iotkit.binding.settings.HostPort;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class TcpProbeTest {
  private static final Duration TIMEOUT = Duration.ofSeconds(5);

  @Test
  void aPortNothingListensOnIsRefused() throws Exception {
    assertEquals(Optional.of(ConnectFailures.REFUSED), TcpProbe.unreachable(List.of(closedPort()), TIMEOUT));
  }

  @Test
  void aNameThatDoesNotResolveIsNamed() {
    assertEquals(Optional.of("unknown host no-such-host.invalid"),
        TcpProbe.unreachable(List.of(new HostPort("no-such-host.invalid", 80)), TIMEOUT));
  }

  @Test
  void oneListeningAddressLeavesTheDecisionToTheClient() throws Exception {
    try (ServerSocket open = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      HostPort listening = new HostPort("127.0.0.1", open.getLocalPort());
      assertEquals(Optional.empty(), TcpProbe.unreachable(List.of(closedPort(), listening), TIMEOUT));
      assertEquals(Optional.empty(), TcpProbe.unreachable(List.of(listening), TIMEOUT));
    }
  }

  @Test
  void everyAddressRefusingIsRefused() throws Exception {
    assertEquals(Optional.of(ConnectFailures.REFUSED),
        TcpProbe.unreachable(List.of(closedPort(), closedPort()), TIMEOUT));
  }

  private static HostPort closedPort() throws Exception {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return new HostPort("127.0.0.1", s.getLocalPort());
    }
  }
}
