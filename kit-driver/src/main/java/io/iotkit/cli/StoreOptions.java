package io.iotkit.cli;

import io.iotkit.model.KitLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * The store a run or a plan measures: its binding, its properties and the nodes of the local server the kit starts
 * when the properties name no SUT; declared once as a picocli mixin.
 */
final class StoreOptions {
  @Option(names = {"-b", "--binding"}, defaultValue = "hbase", paramLabel = "NAME",
      description = "Store binding: hbase, mysql, postgresql, kafka, mqtt, influxdb, mongodb (its local server is a"
          + " wire-protocol emulator, not MongoDB), dynamodb (its local server is the emulator dynalite, not"
          + " DynamoDB), or null (a sink that stores nothing) (default: ${DEFAULT-VALUE}).")
  String binding;

  @Option(names = "--binding-properties", paramLabel = "FILE",
      description = "Binding properties (SUT address, credentials, tuning) (default: workloads/<binding>.properties).")
  Path bindingProperties;

  @Option(names = "--sut-nodes", defaultValue = "1", paramLabel = "N",
      description = "Nodes of the local server the kit starts when the binding properties name no SUT: N Kafka"
          + " brokers, HDFS datanodes under HBase, a MariaDB primary with N-1 replicas, or a PostgreSQL primary with"
          + " N-1 synchronous standbys; 3 or more for a replicated SUT (default: ${DEFAULT-VALUE}).")
  int sutNodes;

  /** The binding properties file given, or the binding's standard one if it exists, or null. */
  Path propertiesFile(KitLayout kit) throws BadInputException {
    if (bindingProperties != null) {
      if (!Files.isRegularFile(bindingProperties)) {
        throw new BadInputException("binding properties file " + bindingProperties + " does not exist");
      }
      return bindingProperties;
    }
    Path standard = kit.home().resolve("workloads").resolve(binding + ".properties");
    return Files.isRegularFile(standard) ? standard : null;
  }
}
