package io.iotkit.cli;

import io.iotkit.live.MetricsEndpoint;
import io.iotkit.live.RunMetrics;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Option;

/**
 * The master's Prometheus scrape endpoint ({@code --metrics-port} and what goes with it), declared once as a
 * picocli mixin for the run, the sweep and the bench: off unless a port is given.
 */
final class MetricsOptions {
  private static final String LOOPBACK = "127.0.0.1";

  @Option(names = "--metrics-port", paramLabel = "PORT",
      description = "Serve the run's live figures (phase, kvps acknowledged and failed per instance, latency"
          + " histograms, checks) for Prometheus at http://ADDRESS:PORT/metrics while it runs; the series:"
          + " docs/METRICS.md (default: off).")
  Integer port;

  @Option(names = "--metrics-address", paramLabel = "ADDRESS", defaultValue = LOOPBACK,
      description = "With --metrics-port: the address the endpoint listens on; 0.0.0.0 for every interface"
          + " (default: ${DEFAULT-VALUE}).")
  String address;

  @Option(names = "--metrics-grace", paramLabel = "SECONDS", defaultValue = "15",
      description = "With --metrics-port: how long the endpoint stays up after the run, so the last scrape sees its"
          + " end; at least the scrape interval (default: ${DEFAULT-VALUE}).")
  int graceSeconds;

  @Option(names = "--metrics-label", paramLabel = "NAME=VALUE",
      description = "With --metrics-port: a label on every series besides the kit's own, e.g. sut=kafka-3brokers;"
          + " repeatable.")
  Map<String, String> labels = new LinkedHashMap<>();

  /** The endpoint, bound now, or null without --metrics-port; a port, address or label it cannot use is bad input. */
  MetricsEndpoint open() throws BadInputException {
    if (!checked()) {
      return null;
    }
    try {
      return MetricsEndpoint.open(address, port);
    } catch (IllegalArgumentException e) {
      throw new BadInputException(e.getMessage());
    }
  }

  /** A command's work with the endpoint: null without --metrics-port. */
  interface Served {
    int run(MetricsEndpoint endpoint) throws Exception;
  }

  /**
   * Opens the endpoint before anything else starts (a port in use is bad input), runs {@code work} with it, keeps it
   * up for the grace so the last scrape sees the end, and closes it; returns the work's exit code.
   */
  int serving(Served work) throws Exception {
    MetricsEndpoint endpoint = open();
    try {
      int code = work.run(endpoint);
      if (endpoint != null) {
        System.out.println("metrics: " + endpoint.url() + " stays up for " + graceSeconds + " s");
        Thread.sleep(graceSeconds * 1_000L);
      }
      return code;
    } finally {
      if (endpoint != null) {
        endpoint.close();
      }
    }
  }

  /**
   * For a command whose runs serve the endpoint in turn: checks the options and that the port can be bound now, and
   * frees it again; false without --metrics-port.
   */
  boolean checkFree() throws BadInputException {
    MetricsEndpoint endpoint = open();
    if (endpoint == null) {
      return false;
    }
    endpoint.close();
    return true;
  }

  /** The options that make a run serve this endpoint, with {@code extra} labels besides the given ones. */
  List<String> forRun(Map<String, String> extra) {
    List<String> args = new ArrayList<>(List.of("--metrics-port", Integer.toString(port), "--metrics-address",
        address, "--metrics-grace", Integer.toString(graceSeconds)));
    Map<String, String> all = new LinkedHashMap<>(labels);
    all.putAll(extra);
    all.forEach((k, v) -> args.addAll(List.of("--metrics-label", k + "=" + v)));
    return args;
  }

  private boolean checked() throws BadInputException {
    if (port == null) {
      if (!LOOPBACK.equals(address) || !labels.isEmpty()) {
        throw new BadInputException("--metrics-address and --metrics-label go with --metrics-port");
      }
      return false;
    }
    if (port < 0 || port > 65_535) {
      throw new BadInputException("--metrics-port must be between 0 and 65535 (it was " + port + ")");
    }
    if (graceSeconds < 0 || graceSeconds > 3_600) {
      throw new BadInputException("--metrics-grace must be between 0 and 3600 seconds (it was " + graceSeconds + ")");
    }
    for (String name : labels.keySet()) {
      String why = RunMetrics.badLabel(name);
      if (why != null) {
        throw new BadInputException("--metrics-label " + name + ": " + why);
      }
    }
    return true;
  }
}
