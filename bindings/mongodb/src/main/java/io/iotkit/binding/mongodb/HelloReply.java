package io.iotkit.binding.mongodb;

import io.iotkit.binding.Replication;
import java.util.List;
import org.bson.Document;

/**
 * The replication the server reports in its {@code hello} reply (or the legacy {@code isMaster}, which answers
 * the same fields): a replica set member names its set ({@code setName}) and the set's data-bearing members
 * that can be seen: {@code hosts} (electable members) and {@code passives} (priority-0 members); arbiters hold no
 * data and hidden members are not listed. A mongos says {@code msg: "isdbgrid"}; a server with neither is a
 * standalone and keeps one copy.
 */
final class HelloReply {
  private HelloReply() {
  }

  /**
   * @param reply   the server's hello (or isMaster) reply
   * @param command which of the two it answered
   * @param address where it was asked
   */
  static Replication replication(Document reply, String command, String address) {
    String source = command + " at " + address;
    if ("isdbgrid".equals(reply.get("msg"))) {
      return new Replication(0, source + ": a mongos (sharded cluster) reports no shard's members; the copies of"
          + " each shard's replica set are not read through it");
    }
    Object setName = reply.get("setName");
    if (setName == null) {
      return new Replication(1, source + ": a standalone server (no setName), one copy");
    }
    List<?> hosts = list(reply, "hosts");
    List<?> passives = list(reply, "passives");
    int members = hosts.size() + passives.size();
    return new Replication(members, source + ": replica set " + setName + ", " + hosts.size() + " host(s)"
        + (passives.isEmpty() ? "" : " and " + passives.size() + " passive(s)") + " hold data"
        + (list(reply, "arbiters").isEmpty() ? "" : "; arbiters hold none") + "; hidden members are not listed");
  }

  private static List<?> list(Document reply, String field) {
    return reply.get(field) instanceof List<?> l ? l : List.of();
  }
}
