package io.iotkit.server.mqtt;

import com.hivemq.embedded.EmbeddedHiveMQ;
import io.iotkit.process.LaunchLine;
import io.iotkit.process.Launcher;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A real MQTT broker, HiveMQ Community Edition embedded in this JVM, listening on 127.0.0.1 with its
 * configuration, sessions and queues under the folder given as the first argument ({@code conf/}, {@code data/}).
 *
 * <p>Usage: {@code HiveMqBroker DIR [--port N] [--max-queue-size N] [--receive-maximum N]
 * [--persistence file|in-memory] [--file-stores rocksdb|xodus] [--file-buckets N] [--file-memtables MB]
 * [--xodus-deletion-delay MS] [--detached]} (see {@link BrokerConfig}, {@link FileStores}, {@link XodusDeletion}).
 * Port 0 (the default) takes a free port. It prints {@code READY host=127.0.0.1 port=N} once it accepts
 * connections; the launch protocol, the clean stop and the exit codes are {@link Launcher}'s.
 *
 * <p>Embedded HiveMQ lets every client in (no security extension), whatever user name and password it sends:
 * the broker listens on 127.0.0.1 only (or the address --host names, when driver instances on other hosts
 * must reach it), for the kit and the user's own tools.
 */
public final class HiveMqBroker {
  private HiveMqBroker() {
  }

  public static void main(String[] args) {
    Launcher.run("mqtt broker", args, HiveMqBroker::server);
  }

  private static Launcher.Server server(String[] args) throws IOException {
    Options o = Options.parse(args);
    Path dir = o.dir().toAbsolutePath();
    InetAddress host = InetAddress.getByName(o.host());
    int port = o.port() == 0 ? freePort(host) : o.port();
    if (o.port() != 0 && !isFree(host, port)) {
      throw new IOException("port " + port + " on " + o.host() + " is in use; choose another port");
    }
    BrokerConfig config = new BrokerConfig(o.host(), port, o.maxQueueSize(), o.receiveMaximum(), o.persistence());
    Path conf = config.writeTo(dir.resolve("conf"));
    Files.writeString(conf.resolve("logback.xml"), logback(dir), StandardCharsets.UTF_8);
    // Before HiveMQ first logs: otherwise logback's default configuration prints its start-up lines on stdout.
    System.setProperty("logback.configurationFile", conf.resolve("logback.xml").toString());
    System.setProperty("hivemq.log.folder", dir.resolve("log").toString());

    FileStores.use(o.fileStores(), o.fileLayout());
    EmbeddedHiveMQ broker = EmbeddedHiveMQ.builder()
        .withConfigurationFolder(conf)
        .withDataFolder(Files.createDirectories(dir.resolve("data")))
        .withExtensionsFolder(Files.createDirectories(dir.resolve("extensions")))
        .build();
    CountDownLatch stopped = new CountDownLatch(1);
    return new Launcher.Server() {
      @Override
      public Map<String, String> start() throws IOException {
        // HiveMQ prints a stray logback status line on stdout while it starts; stdout is for the READY line alone.
        PrintStream stdout = System.out;
        System.setOut(System.err);
        try {
          broker.start().get(120, TimeUnit.SECONDS);
          if (o.persistence().equals("file") && o.xodusDeletionDelay() != XodusDeletion.HIVEMQ) {
            int stores = XodusDeletion.apply(broker, o.xodusDeletionDelay());
            System.err.println("mqtt broker: Xodus deletes emptied log files after " + o.xodusDeletionDelay()
                + " ms in " + stores + " store buckets (HiveMQ's own: " + XodusDeletion.HIVEMQ + " ms)");
          }
        } catch (InterruptedException | ExecutionException | TimeoutException e) {
          throw new IOException("HiveMQ did not start: " + e, e);
        } finally {
          System.setOut(stdout);
        }
        return Launcher.facts("host", o.host(), "port", port);
      }

      @Override
      public synchronized void stop() { // the shutdown hook and the parent watch may both ask
        if (stopped.getCount() > 0) {
          HiveMqBroker.stop(broker);
          stopped.countDown();
        }
      }

      @Override
      public String awaitEnd() throws InterruptedException {
        stopped.await(); // embedded HiveMQ ends only when stopped: it has no end of its own to report
        return null;
      }
    };
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
                 FileStores.Engine fileStores, FileStores.Layout fileLayout, int xodusDeletionDelay,
                 boolean detached) {
    static final String USAGE = "usage: HiveMqBroker DIR [--host ADDR] [--port N] [--max-queue-size N]"
        + " [--receive-maximum N] [--persistence file|in-memory] [--file-stores rocksdb|xodus] [--file-buckets N]"
        + " [--file-memtables MB] [--xodus-deletion-delay MS] [--detached]";

    static Options parse(String[] args) {
      LaunchLine line = LaunchLine.of(USAGE).valued("--port", "--max-queue-size", "--receive-maximum",
          "--persistence", "--file-stores", "--file-buckets", "--file-memtables", "--xodus-deletion-delay").parse(args);
      String persistence = line.value("--persistence").orElse("file");
      if (!persistence.equals("file") && !persistence.equals("in-memory")) {
        throw new IllegalArgumentException("--persistence must be file or in-memory; " + USAGE);
      }
      String stores = line.value("--file-stores").orElse(FileStores.DEFAULT.name().toLowerCase(Locale.ROOT));
      FileStores.Engine engine = FileStores.engine(stores)
          .orElseThrow(() -> new IllegalArgumentException("--file-stores must be rocksdb or xodus; " + USAGE));
      return new Options(line.dir(), line.host(), line.port(),
          line.longNumber("--max-queue-size", BrokerConfig.DEFAULT_MAX_QUEUE_SIZE, 1, Long.MAX_VALUE, "a queue size"),
          line.number("--receive-maximum", BrokerConfig.DEFAULT_RECEIVE_MAXIMUM, 1, 65_535, "a receive maximum"),
          persistence, engine, new FileStores.Layout(
              line.number("--file-buckets", FileStores.Layout.KIT.buckets(), 1, 1_024, "a bucket count"),
              line.longNumber("--file-memtables", FileStores.Layout.KIT.memtableMegabytes(), 0, 1 << 20,
                  "a memtable size in MB")),
          line.number("--xodus-deletion-delay", XodusDeletion.KIT, 0, 3_600_000, "a wait in ms"),
          line.detached());
    }
  }
}
