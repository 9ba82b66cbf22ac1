package io.iotkit.instance;

import io.iotkit.binding.BindingProvider;
import io.iotkit.control.ControlLine;
import io.iotkit.model.Clock;
import io.iotkit.model.InstanceSpec;
import io.iotkit.model.InstanceTotals;
import io.iotkit.model.Json;
import io.iotkit.resources.SecondSampler;
import io.iotkit.sut.Bindings;
import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

/**
 * A driver instance: one JVM simulating one power substation for one phase. Everything it gets and gives
 * travels as {@link ControlLine}s on stdin and stdout (its spec and binding properties in, a frame of measurements
 * each second and its totals out), so the same command runs on the master's host or behind ssh on another. Its log
 * goes to stderr.
 */
public final class InstanceMain {
  private InstanceMain() {
  }

  public static void main(String[] args) {
    PrintStream control = System.out;
    System.setOut(System.err); // libraries that print must not garble the control channel
    MasterLines master = new MasterLines();
    master.listen();
    heartbeat(control);
    try {
      Files.createDirectories(Path.of(System.getProperty("java.io.tmpdir"))); // the run's, which the cleanup deletes
      InstanceSpec spec = Json.parse(master.spec.get(), InstanceSpec.class);
      BindingProvider provider = Bindings.find(spec.binding(), InstanceMain.class.getClassLoader())
          .orElseThrow(() -> new IllegalArgumentException("binding '" + spec.binding() + "' is not on the classpath"));
      Properties props = new Properties();
      props.load(new ByteArrayInputStream(master.properties.get()));
      props.putAll(spec.bindingOverrides());
      // the instance samples its own JVM and its host at each second frame, from TS_start
      SecondSampler resources = SecondSampler.self("instance " + spec.instance(), "driver");
      InstanceRunner runner = new InstanceRunner(spec, provider::newBinding, props, Clock::micros, frame -> {
        control.println(frame.toLine());
        control.flush();
      }, resources);
      InstanceTotals result = runner.run(() -> {
        control.println(ControlLine.READY);
        control.flush();
        return await(master.start);
      });
      control.println(ControlLine.format(ControlLine.RESULT, Json.line(result)));
      control.println(ControlLine.DONE);
      control.flush();
      System.exit(0);
    } catch (Throwable e) {
      e.printStackTrace();
      String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
      control.println(ControlLine.format(ControlLine.FAILED, message.replace('\n', ' ')));
      control.flush();
      System.exit(1);
    }
  }

  /** ALIVE once a second for as long as the JVM lives, even while a store client blocks every other thread. */
  private static void heartbeat(PrintStream control) {
    Thread t = new Thread(() -> {
      try {
        while (true) {
          control.println(ControlLine.ALIVE);
          control.flush();
          Thread.sleep(ControlLine.HEARTBEAT_MILLIS);
        }
      } catch (InterruptedException e) {
        // the JVM is ending
      }
    }, "heartbeat");
    t.setDaemon(true);
    t.start();
  }

  private static <T> T await(CompletableFuture<T> f) throws InterruptedException {
    try {
      return f.get();
    } catch (ExecutionException e) {
      throw new IllegalStateException(e.getCause());
    }
  }

  /** The master's lines, as they arrive; the instance ends at once when the master (or its ssh) goes away. */
  private static final class MasterLines {
    final CompletableFuture<String> spec = new CompletableFuture<>();
    final CompletableFuture<byte[]> properties = new CompletableFuture<>();
    final CompletableFuture<Long> start = new CompletableFuture<>();
    /** When the master's last line arrived (System.nanoTime). */
    private volatile long lastHeard = System.nanoTime();

    void listen() {
      Thread t = new Thread(() -> {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8))) {
          String line;
          while ((line = in.readLine()) != null) {
            lastHeard = System.nanoTime();
            ControlLine c = ControlLine.parse(line);
            if (c.is(ControlLine.SPEC)) {
              spec.complete(c.argument());
            } else if (c.is(ControlLine.PROPERTIES)) {
              properties.complete(Base64.getDecoder().decode(c.argument()));
            } else if (c.is(ControlLine.START)) {
              start.complete(c.number());
            }
          }
        } catch (IOException | RuntimeException e) {
          // treated as the master gone
        }
        Runtime.getRuntime().halt(3);
      }, "master-watch");
      t.setDaemon(true);
      t.start();
      Thread silence = new Thread(this::endWhenSilent, "master-silence");
      silence.setDaemon(true);
      silence.start();
    }

    /** Ends the instance when the master has said nothing, not even its heartbeat, for the limit. */
    private void endWhenSilent() {
      try {
        while (true) {
          Thread.sleep(ControlLine.HEARTBEAT_MILLIS);
          long silentMillis = (System.nanoTime() - lastHeard) / 1_000_000;
          if (silentMillis > ControlLine.MASTER_SILENCE_LIMIT_MILLIS) {
            System.err.println("no line from the master for " + silentMillis / 1000 + " s (its host, the network or"
                + " its ssh session is gone): this instance ends itself");
            Runtime.getRuntime().halt(4);
          }
        }
      } catch (InterruptedException e) {
        // the JVM is ending
      }
    }
  }
}
