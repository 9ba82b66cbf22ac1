package io.iotkit.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.iotkit.model.RunPlan;
import java.util.List;
import org.junit.jupiter.api.Test;

class RunCommandLineTest {

  @Test
  void theRunsCommandCarriesThePlansOptionsQuoted() {
    RunPlan.Inputs in = new RunPlan.Inputs("hbase", 4, 10, 3, "my cluster.properties", "hosts.txt",
        List.of("--ssh-config", "ssh.cfg"), List.of("-Xmx2g", "-XX:+UseParallelGC"), 60, 20, 0, 0);
    assertEquals("bin/tpcx-iot.sh -b hbase -p 4 -k 52000 --binding-properties 'my cluster.properties'"
            + " --hosts hosts.txt --ssh-config ssh.cfg --sut-nodes 3 --instance-jvm-options '-Xmx2g -XX:+UseParallelGC'"
            + " --results out",
        RunCommandLine.of(in, 52_000, "out"));
  }

  @Test
  void defaultsAreLeftOut() {
    RunPlan.Inputs in = new RunPlan.Inputs("null", 2, 10, 1, null, null, List.of(), null, 5, 20, 0, 0);
    assertEquals("bin/tpcx-iot.sh -b null -p 2 -k 2000", RunCommandLine.of(in, 2_000, null));
  }

  @Test
  void aConfinedPlanCarriesItsLimitIntoTheNextPlanAndTheRun() {
    RunPlan.Inputs in = new RunPlan.Inputs("kafka", 1, 10, 3, null, null, List.of(), null, 300, 10, 0.6, 6L << 30);
    assertEquals("bin/tpcx-iot.sh plan -b kafka -p 1 --sut-nodes 3 --sut-cpus 0.35 --sut-memory 6442450944"
        + " --calibration-seconds 300 --margin 10", RunCommandLine.plan(in, 0.35, null));
    assertEquals("bin/tpcx-iot.sh -b kafka -p 1 -k 9000000 --sut-nodes 3 --sut-cpus 0.6 --sut-memory 6442450944",
        RunCommandLine.of(in, 9_000_000, null));
  }

  @Test
  void quoting() {
    assertEquals("'it'\\''s'", RunCommandLine.quoted("it's"));
    assertEquals("''", RunCommandLine.quoted(""));
  }
}
