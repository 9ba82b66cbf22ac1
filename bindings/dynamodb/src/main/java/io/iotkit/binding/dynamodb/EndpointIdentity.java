package io.iotkit.binding.dynamodb;

import java.util.Optional;

/**
 * What answers at the endpoint: DynamoDB itself is served only by AWS, at the region's endpoint or another host
 * under amazonaws.com; any other endpoint that speaks DynamoDB's API is an emulator (the kit's local server is
 * dynalite) or another store, and its figures are not DynamoDB's.
 */
final class EndpointIdentity {
  /** The label of the kit's local server. */
  static final String DYNALITE = "DynamoDB emulator (dynalite), not DynamoDB; its figures are not DynamoDB's";

  private EndpointIdentity() {
  }

  static Optional<String> emulator(DynamoSettings s) {
    if (s.aws()) {
      return Optional.empty();
    }
    return Optional.of(DYNALITE);
  }

  /** For the SUT's settings: DynamoDB in its region, or the emulator's line with its endpoint. */
  static String describe(DynamoSettings s) {
    return emulator(s).map(e -> e + " (endpoint " + s.address() + ")")
        .orElse("Amazon DynamoDB, " + s.address() + (s.region().map(r -> ", region " + r).orElse("")));
  }
}
