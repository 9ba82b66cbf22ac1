package io.iotkit.binding.dynamodb;

import io.iotkit.binding.Replication;

/**
 * The copies behind the endpoint: DynamoDB does not report replication through its API, but AWS documents that it
 * keeps every table in three Availability Zones of the region; any endpoint not AWS's is an emulator or another
 * store, taken as one copy (dynalite keeps one LevelDB folder).
 */
final class ReplicationRule {
  static final String AWS_SOURCE = "DynamoDB stores every table in three Availability Zones (AWS documentation)";

  private ReplicationRule() {
  }

  static Replication of(DynamoSettings settings) {
    if (settings.aws()) {
      return new Replication(3, AWS_SOURCE + "; endpoint " + settings.address());
    }
    return new Replication(1, "endpoint " + settings.address() + " is not AWS's DynamoDB: one copy assumed (the"
        + " local dynalite keeps one LevelDB folder)");
  }
}
