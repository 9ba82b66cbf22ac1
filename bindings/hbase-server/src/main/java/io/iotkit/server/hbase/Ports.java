package io.iotkit.server.hbase;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;

/** Free ports, for servers that must be told their port before they bind it, so several can run side by side. */
final class Ports {
  private Ports() {
  }

  /** A port no one listens on at {@code host} now. */
  static int free(String host) throws IOException {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName(host))) {
      return s.getLocalPort();
    }
  }
}
