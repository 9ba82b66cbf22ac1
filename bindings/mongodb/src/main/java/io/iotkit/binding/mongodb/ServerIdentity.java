package io.iotkit.binding.mongodb;

import java.util.Optional;
import org.bson.Document;

/**
 * What the server at the address is, from its own answers: MongoDB, or a program that speaks MongoDB's wire
 * protocol without being MongoDB. Every mongod and mongos answers {@code buildInfo} with the {@code gitVersion}
 * it was built from and {@code serverStatus} with {@code process} "mongod" or "mongos"; mongo-java-server answers
 * {@code buildInfo} with a version alone and {@code serverStatus} with {@code process} "java".
 *
 * @param version  the version the server reports (an emulator reports the MongoDB version it imitates)
 * @param emulator one line saying the server is an emulator and not MongoDB, or empty for MongoDB
 */
record ServerIdentity(String version, Optional<String> emulator) {
  /** The label of the kit's local server, and of any server that answers as mongo-java-server does. */
  static final String MONGO_JAVA_SERVER = "MongoDB wire-protocol emulator (mongo-java-server), not MongoDB; its"
      + " figures are not MongoDB's";

  /**
   * @param buildInfo     the server's answer to {@code buildInfo}
   * @param serverStatus  its answer to {@code serverStatus}, or null when it refused (a login without the
   *                      clusterMonitor role)
   */
  static ServerIdentity of(Document buildInfo, Document serverStatus) {
    String version = String.valueOf(buildInfo.get("version"));
    Object process = serverStatus == null ? null : serverStatus.get("process");
    if ("java".equals(process)) {
      return new ServerIdentity(version, Optional.of(MONGO_JAVA_SERVER));
    }
    if (!(buildInfo.get("gitVersion") instanceof String git) || git.isBlank()) {
      return new ServerIdentity(version, Optional.of("MongoDB wire-protocol emulator (buildInfo reports version "
          + version + " but no gitVersion, which every MongoDB build reports), not MongoDB; its figures are not"
          + " MongoDB's"));
    }
    return new ServerIdentity(version, Optional.empty());
  }

  boolean emulated() {
    return emulator.isPresent();
  }

  /** For the SUT's settings: "MongoDB 7.0.14", or the emulator's line with the version it claims. */
  String describe() {
    return emulator.map(e -> e + " (it reports MongoDB version " + version + ")").orElse("MongoDB " + version);
  }
}
