package io.iotkit.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class KitLayoutTest {
  @TempDir
  Path home;

  private void write(String relative) throws IOException {
    Path p = home.resolve(relative);
    Files.createDirectories(p.getParent());
    Files.writeString(p, relative);
  }

  @Test
  void nonChangeableFilesAreScriptsAndTheJarsTheKitRuns() throws IOException {
    write("bin/tpcx-iot.sh");
    write("bin/helpers/server.sh");
    write("bin/lib/tools/pom.xml");
    write("bin/lib/tools/target/classpath.txt"); // a script's cache on this machine: not a kit file
    write("bin/helpers/trial.log");
    write("kit-driver/target/kit-driver.jar");
    write("kit-driver/target/lib/a.jar");
    write("kit-driver/target/classes/x.class");
    write("kit-driver/target/maven-archiver/pom.properties");
    write("kit-instance/target/kit-instance.jar");
    write("kit-instance/target/kit-instance-tests.jar"); // test classes: not run by the kit
    write("kit-instance/target/lib/b.jar");
    write("kit-protocol/target/kit-protocol.jar"); // in each program's lib/
    write("bindings/x/target/binding-x.jar");
    write("bindings/x/target/lib/y.jar");
    write("bindings/x/binding.properties"); // a sponsor's settings: changeable
    write("bindings/y/pom.xml"); // not built
    write("results/run-1/run.json");
    assertEquals(List.of("bin/helpers/server.sh", "bin/lib/tools/pom.xml", "bin/tpcx-iot.sh",
        "bindings/x/target/binding-x.jar",
        "bindings/x/target/lib/y.jar", "kit-driver/target/kit-driver.jar", "kit-driver/target/lib/a.jar",
        "kit-instance/target/kit-instance.jar", "kit-instance/target/lib/b.jar"),
        new KitLayout(home).nonChangeableFiles());
  }

  @Test
  void aDriverHostGetsTheInstancesJarsAndItsBindingsNotTheMasters() throws IOException {
    write("bin/tpcx-iot.sh");
    write("kit-driver/target/kit-driver.jar");
    write("kit-instance/target/kit-instance.jar");
    write("kit-instance/target/lib/kit-protocol.jar");
    write("bindings/x/target/binding-x.jar");
    write("bindings/y/target/binding-y.jar");
    assertEquals(List.of("bin/tpcx-iot.sh", "bindings/x/target/binding-x.jar", "kit-instance/target/kit-instance.jar",
        "kit-instance/target/lib/kit-protocol.jar"), new KitLayout(home).driverHostFiles("x"));
    Path kit = Path.of("/opt/kit");
    assertEquals(List.of("/opt/kit/kit-instance/target/kit-instance.jar", "/opt/kit/kit-instance/target/lib/*",
        "/opt/kit/bindings/x/target/binding-x.jar", "/opt/kit/bindings/x/target/lib/*"),
        KitLayout.instanceClasspath(kit, "x"));
  }

  @Test
  void builtBindingsAndTheirClasspath() throws IOException {
    write("bindings/b/target/binding-b.jar");
    write("bindings/a/target/binding-a.jar");
    write("bindings/c/pom.xml");
    KitLayout kit = new KitLayout(home);
    assertEquals(List.of("a", "b"), kit.bindings());
    Path target = kit.home().resolve("bindings/a/target");
    assertEquals(List.of(target.resolve("binding-a.jar"), target.resolve("lib")), kit.bindingClasspath("a"));
    assertTrue(kit.bindingClasspath("c").isEmpty());
  }

  @Test
  void homeIsAbsoluteAndTheManifestLivesInAudit() {
    KitLayout kit = new KitLayout(home.resolve("sub/.."));
    assertEquals(home.toAbsolutePath().normalize(), kit.home());
    assertEquals(kit.home().resolve("audit/kit-files.sha256"), kit.manifest());
    assertEquals(List.of(kit.home().resolve("kit-instance/target/kit-instance.jar"),
        kit.home().resolve("kit-instance/target/lib")), kit.instanceJars());
  }
}
