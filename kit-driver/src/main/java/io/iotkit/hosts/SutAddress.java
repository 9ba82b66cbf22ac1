package io.iotkit.hosts;

import io.iotkit.process.LocalSetup;
import java.io.IOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.List;

/**
 * The address a local server the kit starts must listen on so that every driver host reaches it: loopback when
 * every host is this machine's loopback, else the local address the system routes to the first other host from (a
 * connected UDP socket sends nothing, but the kernel picks its source address).
 */
public final class SutAddress {
  private SutAddress() {
  }

  public static String reachableFrom(List<DriverHost> hosts) throws HostException {
    try {
      for (DriverHost h : hosts) {
        InetAddress a = InetAddress.getByName(h.host().replaceAll("[\\[\\]]", ""));
        if (!a.isLoopbackAddress()) {
          try (DatagramSocket s = new DatagramSocket()) {
            s.connect(new InetSocketAddress(a, 9));
            return s.getLocalAddress().getHostAddress();
          }
        }
      }
      return LocalSetup.LOOPBACK;
    } catch (IOException e) {
      throw new HostException("driver hosts: cannot find an address of this host that they reach: " + e.getMessage());
    }
  }
}
