package io.iotkit.instance;

import io.iotkit.binding.BindingProvider;
import io.iotkit.control.ControlLine;
import io.iotkit.model.Clock;
import io.iotkit.model.InstanceResult;
import io.iotkit.model.InstanceSpec;
import io.iotkit.model.Json;
import io.iotkit.sut.Bindings;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;

/**
 * A driver instance: one JVM simulating one power substation for one phase. Started by the master with the
 * path of its {@link InstanceSpec}; talks to the master through {@link ControlLine}s on stdin and stdout, and
 * writes its {@link InstanceResult} as JSON. Its log goes to stderr.
 */
public final class InstanceMain {
  private InstanceMain() {
  }

  public static void main(String[] args) {
    PrintStream control = System.out;
    System.setOut(System.err); // libraries that print must not garble the control channel
    CompletableFuture<Long> start = new CompletableFuture<>();
    watchMaster(start);
    try {
      InstanceSpec spec = Json.read(Path.of(args[0]), InstanceSpec.class);
      BindingProvider provider = Bindings.find(spec.binding(), InstanceMain.class.getClassLoader())
          .orElseThrow(() -> new IllegalArgumentException("binding '" + spec.binding() + "' is not on the classpath"));
      Properties props = Bindings.properties(
          spec.bindingProperties() == null ? null : Path.of(spec.bindingProperties()), spec.bindingOverrides());
      InstanceRunner runner = new InstanceRunner(spec, provider::newBinding, props, Clock::micros,
          Path.of(spec.intervalLog()), progress -> {
            control.println(progress.toLine());
            control.flush();
          });
      InstanceResult result = runner.run(() -> {
        control.println(ControlLine.READY);
        control.flush();
        try {
          return start.get();
        } catch (java.util.concurrent.ExecutionException e) {
          throw new IllegalStateException(e.getCause());
        }
      });
      Json.write(Path.of(spec.resultFile()), result);
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

  /** Reads the master's lines; the instance ends at once when the master goes away. */
  private static void watchMaster(CompletableFuture<Long> start) {
    Thread t = new Thread(() -> {
      try (BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8))) {
        String line;
        while ((line = in.readLine()) != null) {
          ControlLine c = ControlLine.parse(line);
          if (c.is(ControlLine.START)) {
            start.complete(c.number());
          }
        }
      } catch (Exception e) {
        // treated as the master gone
      }
      Runtime.getRuntime().halt(3);
    }, "master-watch");
    t.setDaemon(true);
    t.start();
  }
}
