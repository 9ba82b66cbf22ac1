package io.iotkit.server.kafka;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Properties;
import java.util.Set;

/**
 * Named ports (broker, controller, ...) on one address: the ones of the previous start when they are all still
 * free there, so a restarted server keeps its address, else new free ones.
 */
final class Ports {
  private final Properties ports;

  private Ports(Properties ports) {
    this.ports = ports;
  }

  int get(String name) {
    return Integer.parseInt(ports.getProperty(name));
  }

  boolean has(String name) {
    return ports.containsKey(name);
  }

  /** The ports named in {@code file} if they are exactly {@code names} and all free on {@code host}, else new ones. */
  static Ports reuseOrPick(Path file, String host, List<String> names) throws IOException {
    if (Files.isRegularFile(file)) {
      Properties p = new Properties();
      try (InputStream in = Files.newInputStream(file)) {
        p.load(in);
      }
      if (p.stringPropertyNames().equals(Set.copyOf(names))
          && allFree(host, names.stream().map(n -> Integer.parseInt(p.getProperty(n, "0"))).toList())) {
        return new Ports(p);
      }
    }
    Properties p = new Properties();
    Set<Integer> taken = new HashSet<>();
    for (String n : names) {
      p.setProperty(n, Integer.toString(pick(host, taken)));
    }
    try (OutputStream out = Files.newOutputStream(file)) {
      p.store(out, "ports of the local Kafka in this folder");
    }
    return new Ports(p);
  }

  /** Whether every one of these ports can be bound on {@code host} now. */
  static boolean allFree(String host, Collection<Integer> ports) throws IOException {
    InetAddress address = InetAddress.getByName(host);
    for (int port : ports) {
      if (!isFree(address, port)) {
        return false;
      }
    }
    return true;
  }

  /** A free port on {@code host} that is not in {@code taken}; adds it there. */
  static int pick(String host, Set<Integer> taken) throws IOException {
    InetAddress address = InetAddress.getByName(host);
    while (true) {
      try (ServerSocket s = new ServerSocket(0, 50, address)) {
        if (taken.add(s.getLocalPort())) {
          return s.getLocalPort();
        }
      }
    }
  }

  private static boolean isFree(InetAddress address, int port) {
    if (port <= 0) {
      return false;
    }
    try (ServerSocket s = new ServerSocket()) {
      s.setReuseAddress(true);
      s.bind(new InetSocketAddress(address, port));
      return true;
    } catch (IOException e) {
      return false;
    }
  }
}
