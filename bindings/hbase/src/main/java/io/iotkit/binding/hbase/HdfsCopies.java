package io.iotkit.binding.hbase;

import io.iotkit.binding.LiveCopies;
import io.iotkit.binding.Replication;
import java.io.IOException;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import org.apache.hbase.thirdparty.com.google.gson.JsonElement;
import org.apache.hbase.thirdparty.com.google.gson.JsonObject;
import org.apache.hbase.thirdparty.com.google.gson.JsonParser;

/**
 * The copies of HBase's files on HDFS, as the NameNode counts them on its web server's metrics page (/jmx): the
 * datanodes that are live and not stale (a datanode that stopped heartbeating is stale long before HDFS declares
 * it dead, after dfs.namenode.stale.datanode.interval), and the blocks short of copies (under-replicated, or with a corrupt copy) or with none (missing). The
 * block counts are the whole filesystem's, not the table's files alone: stricter, never looser.
 */
final class HdfsCopies {
  /** What the NameNode counted at one moment. */
  record Counts(long live, long stale, long underReplicated, long missing, long corrupt) {
  }

  private HdfsCopies() {
  }

  /**
   * The fewest copies any block of HBase's files has, by these counts: no more than the factor its files ask for
   * or the datanodes that can hold them; one short of the factor when some block is short of copies; none when a
   * block has no copy left.
   */
  static LiveCopies of(Replication factor, Counts c, String nameNode, long staleMillis) {
    long usable = c.live() - c.stale();
    long copies = Math.min(factor.factor(), usable);
    if (c.underReplicated() > 0 || c.corrupt() > 0) {
      copies = Math.min(copies, factor.factor() - 1);
    }
    if (c.missing() > 0) {
      copies = 0;
    }
    String detail = String.format(Locale.ROOT, "HDFS (NameNode %s): %d live datanode(s), %d of them stale (no"
        + " heartbeat for %d s); blocks of the whole filesystem: %d under-replicated, %d with a corrupt copy, %d"
        + " missing; HBase's files ask for %d (%s)", nameNode, c.live(), c.stale(), staleMillis / 1000,
        c.underReplicated(), c.corrupt(), c.missing(), factor.factor(), factor.source());
    return new LiveCopies((int) Math.max(0, copies), detail);
  }

  /**
   * Reads the counts from the NameNode's web server at {@code hostPort}. A live datanode whose last heartbeat is
   * {@code staleMillis} old or older counts as stale, from its own last contact: the NameNode's count of stale
   * datanodes is only brought up to date every recheck interval (5 minutes by default).
   */
  static Counts read(String hostPort, long staleMillis) throws IOException {
    JsonObject info = bean(hostPort, "NameNodeInfo");
    JsonObject system = bean(hostPort, "FSNamesystem");
    JsonObject liveNodes;
    try {
      liveNodes = JsonParser.parseString(info.get("LiveNodes").getAsString()).getAsJsonObject();
    } catch (RuntimeException e) {
      throw new IOException("the NameNode's metrics list no live datanodes: " + e.getMessage());
    }
    long stale = 0;
    for (String node : liveNodes.keySet()) {
      if (number(liveNodes.getAsJsonObject(node), "lastContact") * 1000 >= staleMillis) {
        stale++;
      }
    }
    return new Counts(liveNodes.size(), stale, number(system, "UnderReplicatedBlocks"),
        number(system, "MissingBlocks"), number(system, "CorruptBlocks"));
  }

  private static JsonObject bean(String hostPort, String name) throws IOException {
    String url = "http://" + hostPort + "/jmx?qry=Hadoop:service=NameNode,name=" + name;
    HttpURLConnection c = (HttpURLConnection) new URL(url).openConnection();
    c.setConnectTimeout(5_000);
    c.setReadTimeout(10_000);
    String body;
    try (InputStream in = c.getInputStream()) {
      body = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    try {
      var beans = JsonParser.parseString(body).getAsJsonObject().getAsJsonArray("beans");
      if (beans == null || beans.isEmpty()) {
        throw new IOException(url + " lists no " + name + ": not a NameNode's web server");
      }
      return beans.get(0).getAsJsonObject();
    } catch (RuntimeException e) {
      throw new IOException(url + " did not answer with the NameNode's metrics: " + e.getMessage());
    }
  }

  private static long number(JsonObject bean, String name) throws IOException {
    JsonElement e = bean == null ? null : bean.get(name);
    if (e == null || !e.isJsonPrimitive()) {
      throw new IOException("the NameNode's metrics lack " + name);
    }
    return e.getAsLong();
  }
}
