package io.iotkit.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iotkit.model.KitLayout;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The kit stays a YCSB extension: YCSB's own client ({@code site.ycsb.Client -load}) runs the kit's workload
 * ({@code IotWorkload}) through a binding used as a plain {@code site.ycsb.DB}, against the binding's real local
 * server, and every reading it inserted is stored.
 */
class YcsbClientIT {
  private static final int READINGS = 2_000;

  @Test
  void ycsbsOwnClientLoadsTheKitsReadingsThroughTheMySqlBinding(@TempDir Path work) throws Exception {
    try (BindingHarness h = BindingHarness.start("mysql", work.resolve("server"), new Properties())) {
      Properties p = new Properties();
      p.putAll(h.properties);
      p.setProperty("workload", "io.iotkit.instance.IotWorkload");
      p.setProperty("recordcount", Integer.toString(READINGS));
      p.setProperty("iot.substation", "ycsb-1-000");
      p.setProperty("iot.seed", "7");
      Path file = work.resolve("ycsb.properties");
      try (OutputStream out = Files.newOutputStream(file)) {
        p.store(out, "YCSB's client, the kit's workload, the mysql binding");
      }
      KitLayout kit = new KitLayout(KitProcess.HOME);
      List<Path> classpath = new ArrayList<>(kit.instanceJars());
      classpath.addAll(kit.bindingClasspath("mysql"));
      classpath.add(ycsbsOwn("htrace-core4")); // YCSB's client traces; the kit's classpath leaves that out
      String cp = classpath.stream().map(e -> Files.isDirectory(e) ? e + "/*" : e.toString())
          .collect(Collectors.joining(":"));
      Path log = work.resolve("ycsb.log");
      Process ycsb = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp", cp,
          "site.ycsb.Client", "-load", "-db", "io.iotkit.binding.mysql.MySqlBinding", "-P", file.toString(),
          "-threads", "2").redirectErrorStream(true).redirectOutput(log.toFile()).start();
      assertTrue(ycsb.waitFor(3, TimeUnit.MINUTES), "YCSB's client ends");
      String said = Files.readString(log);
      assertEquals(0, ycsb.exitValue(), said);
      assertTrue(said.contains("[INSERT], Return=OK, " + READINGS), said);
      assertEquals(READINGS, h.admin.totalReadings(List.of("ycsb-1-000")), "every reading YCSB inserted is stored");
    }
  }

  /** A jar of YCSB's own dependencies, from this test's classpath. */
  private static Path ycsbsOwn(String artifact) {
    return java.util.Arrays.stream(System.getProperty("java.class.path").split(java.io.File.pathSeparator))
        .filter(e -> Path.of(e).getFileName().toString().startsWith(artifact)).map(Path::of).findFirst()
        .orElseThrow(() -> new AssertionError(artifact + " is not on the test classpath"));
  }
}
