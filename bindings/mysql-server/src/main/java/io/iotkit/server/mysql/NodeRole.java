package io.iotkit.server.mysql;

import java.util.List;

/**
 * What one mariadbd of the local cluster is, and the server options that make it so: the lone server of a
 * one-node cluster (no binary log, as a plain local server has), or the primary or a replica of a replicated one.
 *
 * <p>Replication is MariaDB's own: the primary writes a row-based binary log with GTIDs and waits, at every commit,
 * until one replica has the transaction in its relay log (semi-synchronous, AFTER_SYNC: no client sees a commit
 * before a replica has it). Replicas fetch by GTID ({@code MASTER_USE_GTID=slave_pos}), are read-only for clients,
 * and report their address to the primary, where {@code SHOW SLAVE HOSTS} lists them.
 *
 * @param serverId 1 for the primary (or the lone server), 2..N for the replicas
 * @param nodes    the cluster's size
 */
record NodeRole(int serverId, int nodes) {
  /**
   * How long the primary waits for a replica's acknowledgement before it commits without one (and says so in
   * Rpl_semi_sync_master_no_tx): only when no replica is left, since any one replica's acknowledgement will do.
   */
  static final int SEMI_SYNC_TIMEOUT_MS = 10_000;

  NodeRole {
    if (serverId < 1 || serverId > nodes) {
      throw new IllegalArgumentException("server id " + serverId + " outside a cluster of " + nodes);
    }
  }

  boolean primary() {
    return serverId == 1;
  }

  boolean replicated() {
    return nodes > 1;
  }

  /** The options of a start (not of initialisation) for a node that listens on {@code host:port}. */
  List<String> options(String host, int port) {
    if (!replicated()) {
      return List.of();
    }
    if (primary()) {
      // sync_binlog=1: a commit the client saw is in the binary log on disk, so a restarted primary still
      // serves it to the replicas. No annotate events: they would copy each multi-row INSERT's text (the padding
      // as hex, twice its size) next to its rows, tripling what is logged, sent and acknowledged.
      return List.of("--server-id=1", "--log-bin=mariadb-bin", "--binlog-format=ROW", "--sync-binlog=1",
          "--binlog-annotate-row-events=OFF",
          "--gtid-strict-mode=ON", "--rpl-semi-sync-master-enabled=ON",
          "--rpl-semi-sync-master-wait-point=AFTER_SYNC",
          "--rpl-semi-sync-master-timeout=" + SEMI_SYNC_TIMEOUT_MS);
    }
    // skip-slave-start: the launcher points each replica at the primary's port of this start, then starts it.
    // relay-log-recovery: after a crash a replica fetches again what its relay log may have lost.
    return List.of("--server-id=" + serverId, "--read-only=ON", "--skip-slave-start", "--relay-log=relay-bin",
        "--relay-log-recovery=ON", "--gtid-strict-mode=ON", "--rpl-semi-sync-slave-enabled=ON",
        "--report-host=" + host, "--report-port=" + port);
  }

  @Override
  public String toString() {
    return !replicated() ? "mariadbd" : primary() ? "primary" : "replica " + serverId;
  }
}
