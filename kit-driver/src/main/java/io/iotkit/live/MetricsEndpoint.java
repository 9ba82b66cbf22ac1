package io.iotkit.live;

import io.prometheus.metrics.exporter.httpserver.HTTPServer;
import io.prometheus.metrics.model.registry.MultiCollector;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.IOException;
import java.net.BindException;
import java.net.InetAddress;
import java.net.UnknownHostException;

/**
 * The master's Prometheus scrape endpoint ({@code http://ADDRESS:PORT/metrics}): bound when the command starts, so
 * a port in use or an address of no interface is found before anything else runs; it serves what it is given to
 * export until it is closed.
 */
public final class MetricsEndpoint implements AutoCloseable {
  private final HTTPServer server;
  private final PrometheusRegistry registry;
  private final String url;

  private MetricsEndpoint(HTTPServer server, PrometheusRegistry registry, String url) {
    this.server = server;
    this.registry = registry;
    this.url = url;
  }

  /**
   * Binds the endpoint.
   *
   * @throws IllegalArgumentException with one line for the user when the address or the port cannot be used
   */
  public static MetricsEndpoint open(String address, int port) {
    InetAddress bind;
    try {
      bind = InetAddress.getByName(address);
    } catch (UnknownHostException e) {
      throw new IllegalArgumentException("--metrics-address " + address + ": no such address; give an address of"
          + " this host, e.g. 127.0.0.1 or 0.0.0.0");
    }
    PrometheusRegistry registry = new PrometheusRegistry();
    try {
      HTTPServer server = HTTPServer.builder().inetAddress(bind).port(port).registry(registry).buildAndStart();
      String host = bind.getHostAddress().contains(":") ? "[" + bind.getHostAddress() + "]" : bind.getHostAddress();
      return new MetricsEndpoint(server, registry, "http://" + host + ":" + server.getPort() + "/metrics");
    } catch (BindException e) {
      throw new IllegalArgumentException("--metrics-port " + port + " on " + address + ": " + e.getMessage()
          + "; choose a free port, or an address of this host");
    } catch (IOException e) {
      throw new IllegalArgumentException("--metrics-port " + port + " on " + address + ": " + e.getMessage());
    }
  }

  /** Serves {@code figures} from now on. */
  public void export(MultiCollector figures) {
    registry.register(figures);
  }

  /** Where Prometheus scrapes it. */
  public String url() {
    return url;
  }

  @Override
  public void close() {
    server.close();
  }
}
