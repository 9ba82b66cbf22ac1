package io.iotkit.server.hbase;

import io.iotkit.process.LaunchLine;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The command line of the HBase launchers: {@code DIR [--host ADDR] [--datanodes N] [--detached]}, the folder created
 * if missing. {@link StandaloneHBase} takes no datanode count.
 *
 * @param dir       the folder the server keeps its data and files in
 * @param host      the address every node listens on and names to clients
 * @param datanodes the cluster's datanodes (and region servers)
 */
record LaunchOptions(Path dir, String host, int datanodes) {
  static LaunchOptions parse(String[] args, boolean cluster) throws IOException {
    LaunchLine.Grammar grammar = cluster
        ? LaunchLine.of("usage: HBaseCluster DIR --host ADDR --datanodes N [--detached]").valued("--datanodes")
        : LaunchLine.of("usage: StandaloneHBase DIR [--host ADDR] [--detached]");
    LaunchLine line = grammar.parse(args);
    return new LaunchOptions(Files.createDirectories(line.dir()), line.host(),
        line.number("--datanodes", 3, 1, 99, "a datanode count"));
  }
}
