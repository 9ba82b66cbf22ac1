package io.iotkit.server.mqtt;

import com.hivemq.embedded.EmbeddedHiveMQ;
import io.iotkit.process.LaunchLine;
import io.iotkit.process.ParentWatch;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * A real MQTT broker, HiveMQ Community Edition embedded in this JVM, listening on 127.0.0.1 with its
 * configuration, sessions and queues under the folder given as the first argument ({@code conf/}, {@code data/}).
 *
 * <p>Usage: {@code HiveMqBroker DIR [--port N] [--max-queue-size N] [--receive-maximum N]
 * [--persistence file|in-memory] [--detached]} (see {@link BrokerConfig}).
 * Port 0 (the default) takes a free port. It prints {@code READY host=127.0.0.1 port=N} once it accepts
 * connections. Started by the kit (the default), it stops cleanly on STOP and exits when its stdin closes (see
 * {@link ParentWatch}). With {@code --detached} (bin/tpcx-iot.sh server start) it ignores stdin and runs until
 * SIGTERM or Ctrl-C, which also stop it cleanly.
 *
 * <p>Embedded HiveMQ lets every client in (no security extension), whatever user name and password it sends:
 * the broker listens on 127.0.0.1 only (or the address --host names, when driver instances on other hosts
 * must reach it), for the kit and the user's own tools.
 */
public final class HiveMqBroker {
  private HiveMqBroker() {
  }

  public static void main(String[] args) throws Exception {
    Options o;
    try {
      o = Options.parse(args);
    } catch (IllegalArgumentException e) {
      System.err.println("mqtt broker: " + e.getMessage());
      System.exit(2);
      return;
    }
    Path dir = o.dir().toAbsolutePath();
    InetAddress host = InetAddress.getByName(o.host());
    int port = o.port() == 0 ? freePort(host) : o.port();
    if (o.port() != 0 && !isFree(host, port)) {
      System.err.println("mqtt broker: port " + port + " on " + o.host() + " is in use; choose another port");
      System.exit(1);
    }
    BrokerConfig config = new BrokerConfig(o.host(), port, o.maxQueueSize(), o.receiveMaximum(), o.persistence());
    Path conf = config.writeTo(dir.resolve("conf"));
    Files.writeString(conf.resolve("logback.xml"), logback(dir), StandardCharsets.UTF_8);
    // Before HiveMQ first logs: otherwise logback's default configuration prints its start-up lines on stdout.
    System.setProperty("logback.configurationFile", conf.resolve("logback.xml").toString());
    System.setProperty("hivemq.log.folder", dir.resolve("log").toString());

    EmbeddedHiveMQ broker = EmbeddedHiveMQ.builder()
        .withConfigurationFolder(conf)
        .withDataFolder(Files.createDirectories(dir.resolve("data")))
        .withExtensionsFolder(Files.createDirectories(dir.resolve("extensions")))
        .build();
    // HiveMQ prints a stray logback status line on stdout while it starts; stdout is for the address alone.
    PrintStream stdout = System.out;
    System.setOut(System.err);
    try {
      broker.start().get(120, TimeUnit.SECONDS);
    } catch (Exception e) {
      System.err.println("mqtt broker: HiveMQ did not start: " + e);
      Runtime.getRuntime().halt(1);
    } finally {
      System.setOut(stdout);
    }
    if (o.detached()) {
      Runtime.getRuntime().addShutdownHook(new Thread(() -> stop(broker), "broker-stop"));
    } else {
      ParentWatch.start(() -> stop(broker));
    }
    System.out.println("READY host=" + o.host() + " port=" + port);
    System.out.flush();
    Thread.currentThread().join(); // serve until STOP, stdin closing, or a signal
  }

  /** A clean stop closes connections and the persistence, so a restart finds the data folder consistent. */
  private static void stop(EmbeddedHiveMQ broker) {
    try {
      broker.stop().get(60, TimeUnit.SECONDS);
    } catch (Exception e) {
      System.err.println("mqtt broker: clean stop failed: " + e);
    }
  }

  /** HiveMQ's own log goes to DIR/log/hivemq.log; only warnings reach stderr (the kit's server log). */
  private static String logback(Path dir) {
    return """
        <configuration scan="false">
          <appender name="FILE" class="ch.qos.logback.core.FileAppender">
            <file>%s</file>
            <encoder><pattern>%%d %%-5level - %%msg%%n%%ex</pattern></encoder>
          </appender>
          <appender name="STDERR" class="ch.qos.logback.core.ConsoleAppender">
            <target>System.err</target>
            <filter class="ch.qos.logback.classic.filter.ThresholdFilter"><level>WARN</level></filter>
            <encoder><pattern>%%d %%-5level - %%msg%%n%%ex</pattern></encoder>
          </appender>
          <root level="INFO">
            <appender-ref ref="FILE"/>
            <appender-ref ref="STDERR"/>
          </root>
          <logger name="jetbrains.exodus" level="WARN"/>
          <logger name="oshi" level="ERROR"/>
          <logger name="com.google.common.util.concurrent.Futures.CombinedFuture" level="OFF"/>
        </configuration>
        """.formatted(dir.resolve("log/hivemq.log"));
  }

  private static int freePort(InetAddress host) throws IOException {
    try (ServerSocket s = new ServerSocket(0, 1, host)) {
      return s.getLocalPort();
    }
  }

  private static boolean isFree(InetAddress host, int port) {
    try (ServerSocket s = new ServerSocket(port, 1, host)) {
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  /** The command line. */
  record Options(Path dir, String host, int port, long maxQueueSize, int receiveMaximum, String persistence,
                 boolean detached) {
    static final String USAGE = "usage: HiveMqBroker DIR [--host ADDR] [--port N] [--max-queue-size N]"
        + " [--receive-maximum N] [--persistence file|in-memory] [--detached]";

    static Options parse(String[] args) {
      LaunchLine line = LaunchLine.of(USAGE).valued("--port", "--max-queue-size", "--receive-maximum",
          "--persistence").parse(args);
      String persistence = line.value("--persistence").orElse("file");
      if (!persistence.equals("file") && !persistence.equals("in-memory")) {
        throw new IllegalArgumentException("--persistence must be file or in-memory; " + USAGE);
      }
      return new Options(line.dir(), line.host(), line.port(),
          line.longNumber("--max-queue-size", BrokerConfig.DEFAULT_MAX_QUEUE_SIZE, 1, Long.MAX_VALUE, "a queue size"),
          line.number("--receive-maximum", BrokerConfig.DEFAULT_RECEIVE_MAXIMUM, 1, 65_535, "a receive maximum"),
          persistence, line.detached());
    }
  }
}
