package io.iotkit.binding.settings;

import java.util.ArrayList;
import java.util.List;

/** One server address of a binding property, host and port; IPv6 literals are written in brackets ([::1]:9092). */
public record HostPort(String host, int port) {

  /**
   * The entries of a comma-separated list such as {@code k1:9092,k2:9092}.
   *
   * @param key         the property the list comes from, for the message
   * @param defaultPort the port of an entry that names none; 0 when every entry must name one
   * @throws BadPropertyException naming the property and the entry that is wrong
   */
  public static List<HostPort> list(String key, String value, int defaultPort) {
    List<HostPort> list = new ArrayList<>();
    for (String entry : value.split(",")) {
      if (!entry.isBlank()) {
        list.add(parse(key, entry.trim(), defaultPort));
      }
    }
    if (list.isEmpty()) {
      throw new BadPropertyException(key + " names no server");
    }
    return list;
  }

  private static HostPort parse(String key, String entry, int defaultPort) {
    int close = entry.startsWith("[") ? entry.indexOf(']') : -1;
    int colon = close >= 0 ? entry.indexOf(':', close) : entry.lastIndexOf(':');
    String host = close >= 0 ? entry.substring(1, close) : colon >= 0 ? entry.substring(0, colon) : entry;
    String rest = close >= 0 ? entry.substring(close + 1) : colon >= 0 ? entry.substring(colon) : "";
    if (host.isEmpty() || entry.startsWith("[") && close < 0 || !rest.isEmpty() && !rest.startsWith(":")
        || rest.isEmpty() && defaultPort == 0) {
      throw new BadPropertyException(key + " entry '" + entry + "' is not host:port");
    }
    if (rest.isEmpty()) {
      return new HostPort(host, defaultPort);
    }
    try {
      int n = Integer.parseInt(rest.substring(1));
      if (n >= 1 && n <= 65_535) {
        return new HostPort(host, n);
      }
    } catch (NumberFormatException e) {
      // said below
    }
    throw new BadPropertyException(key + " entry '" + entry + "' has no valid port (a whole number from 1 to 65535)");
  }

  @Override
  public String toString() {
    return (host.contains(":") ? "[" + host + "]" : host) + ":" + port;
  }
}
