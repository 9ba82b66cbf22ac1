package io.iotkit.protocol;

import io.iotkit.binding.settings.BadPropertyException;
import io.iotkit.hosts.HostException;
import io.iotkit.hosts.HostReport;
import io.iotkit.hosts.InstanceMemory;
import io.iotkit.hosts.InstanceSite;
import io.iotkit.instance.InstanceMain;
import io.iotkit.instance.IotWorkload;
import io.iotkit.model.Environment;
import io.iotkit.model.InstanceSpec;
import io.iotkit.model.KitLayout;
import io.iotkit.model.ReadOnlyQueries;
import io.iotkit.model.WorkloadSpec;
import io.iotkit.sut.Bindings;
import io.iotkit.sut.SutSession;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * What the master orders its driver instances to do, and how it starts them: shared by the run and by executions
 * outside a run ({@link ExecutionSession}), so both give an instance the same orders for the same settings.
 */
final class InstanceOrders {
  private InstanceOrders() {
  }

  /**
   * One spec per substation for an execution of {@code kvps} over all instances, with the run's threads, pacing,
   * queries and binding.
   *
   * @param readOnly the queries of a read-only execution (then {@code kvps} is 0), or null
   * @param phaseDir where the instances' result files and interval logs go
   */
  static List<InstanceSpec> specs(RunConfig config, String binding, List<String> substations, String phase,
                                  long kvps, long dataSince, ReadOnlyQueries readOnly, Map<String, String> overrides,
                                  Path phaseDir) {
    List<InstanceSpec> specs = new ArrayList<>();
    SplittableRandom seeds = new SplittableRandom(); // independent 64-bit seeds: no two instances generate alike
    int p = substations.size();
    String props = config.bindingProperties() == null ? null : config.bindingProperties().toString();
    for (int i = 0; i < p; i++) {
      specs.add(new InstanceSpec(phase, i, p, substations.get(i), WorkloadSpec.kvpsFor(i, p, kvps), config.kvpSize().min(),
          config.threads(),
          binding, props, overrides, dataSince, seeds.nextLong(),
          phaseDir.resolve("instance-" + i + ".result.json").toString(),
          phaseDir.resolve("instance-" + i + ".hlog").toString(), config.rate(), config.arrivals(),
          config.noQueries(), config.kvpSize().max(), readOnly));
    }
    return specs;
  }

  /**
   * The instance's java command on a site: that host's java, the driver's and the binding's jars from the kit
   * there, and a temporary folder the cleanup deletes (the instance creates it).
   */
  /** Every instance on this host, which must hold them all in memory (else a one-line HostException). */
  static List<InstanceSite> localSites(RunConfig config, Environment environment) throws HostException {
    String shortfall = InstanceMemory.shortfall("this host", config.substations(), config.instanceJvmOptions(),
        environment.memoryBytes());
    if (shortfall != null) {
      throw new HostException(shortfall);
    }
    return Collections.nCopies(config.substations(), InstanceSite.local(config.kit().home()));
  }

  /** A driver host must hold the instances placed on it, as this host must (else a one-line HostException). */
  static void checkHostMemory(RunConfig config, HostReport host, int instances) throws HostException {
    String shortfall = InstanceMemory.shortfall("driver host " + host.host().name(), instances,
        config.instanceJvmOptions(), host.environment() == null ? null : host.environment().memoryBytes());
    if (shortfall != null) {
      throw new HostException(shortfall);
    }
  }

  static List<String> command(RunConfig config, String binding, InstanceSite site, Path tmp) {
    List<String> cmd = new ArrayList<>(List.of(site.java()));
    cmd.addAll(config.instanceJvmOptions());
    cmd.add("-Djava.io.tmpdir=" + tmp);
    cmd.add("-cp");
    cmd.add(String.join(":", KitLayout.instanceClasspath(site.kitHome(), binding)));
    cmd.add(InstanceMain.class.getName());
    return cmd;
  }

  /** The workload's own settings in the binding properties (e.g. iot.inflight.readings), before the SUT starts. */
  static void checkWorkloadProperties(RunConfig config, String binding) throws SutSession.SutException,
      IOException {
    try {
      IotWorkload.checkProperties(Bindings.properties(config.bindingProperties(), config.givenProperties()));
    } catch (BadPropertyException e) {
      throw new SutSession.BadSetupException(Bindings.badPropertyLine(binding, config.bindingProperties(), e));
    }
  }
}
