package io.iotkit.binding.hbase;

import io.iotkit.binding.SecretNames;
import io.iotkit.binding.Replication;
import java.io.IOException;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.URI;
import java.net.URL;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import javax.xml.parsers.DocumentBuilderFactory;
import org.apache.hadoop.hbase.ClusterMetrics;
import org.apache.hadoop.hbase.client.Admin;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * The configuration the HBase master really runs with, read from its info server's /conf page, and what follows
 * from it: the replication factor (HDFS keeps dfs.replication copies; the local filesystem keeps one), and the
 * settings changed from Hadoop's and HBase's defaults. A client's own configuration would only say what the
 * client believes.
 */
final class MasterConfiguration {
  private final String url;
  private final Map<String, String> properties;
  /** Per property, the resource that set it last, as the /conf page names it (e.g. hbase-default.xml). */
  private final Map<String, String> sources;

  private MasterConfiguration(String url, Map<String, String> properties, Map<String, String> sources) {
    this.url = url;
    this.properties = properties;
    this.sources = sources;
  }

  static MasterConfiguration read(Admin admin) throws IOException {
    ClusterMetrics m = admin.getClusterMetrics(java.util.EnumSet.of(ClusterMetrics.Option.MASTER,
        ClusterMetrics.Option.MASTER_INFO_PORT));
    int port = m.getMasterInfoPort();
    String url = "http://" + m.getMasterName().getHostname() + ":" + port + "/conf";
    if (port <= 0) {
      return new MasterConfiguration(url, null, null);
    }
    try {
      HttpURLConnection c = (HttpURLConnection) new URL(url).openConnection();
      c.setConnectTimeout(5_000);
      c.setReadTimeout(10_000);
      try (InputStream in = c.getInputStream()) {
        return parse(url, in);
      }
    } catch (Exception e) {
      return new MasterConfiguration(url, null, null);
    }
  }

  /**
   * Reads each property's name, value and last source. Hadoop lists a property's sources oldest first (a
   * default file, then a site file or "programmatically"), so the last one is where its value came from.
   */
  static MasterConfiguration parse(String url, InputStream xml) throws Exception {
    Map<String, String> properties = new HashMap<>();
    Map<String, String> sources = new HashMap<>();
    DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
    f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
    Document doc = f.newDocumentBuilder().parse(xml);
    NodeList list = doc.getElementsByTagName("property");
    for (int i = 0; i < list.getLength(); i++) {
      Element e = (Element) list.item(i);
      String name = text(e, "name", 0);
      properties.put(name, text(e, "value", 0));
      sources.put(name, text(e, "source", e.getElementsByTagName("source").getLength() - 1));
    }
    return new MasterConfiguration(url, properties, sources);
  }

  private static String text(Element e, String tag, int index) {
    NodeList n = e.getElementsByTagName(tag);
    return index < 0 || index >= n.getLength() ? "" : n.item(index).getTextContent().trim();
  }

  /**
   * The settings whose value did not come from a default resource (hbase-default.xml, core-default.xml,
   * hdfs-default.xml, ...): set in a site file, on the command line or by the program that started the master,
   * as {@code setting.<name>} and value, sorted by name. Names that may hold a credential are left out.
   *
   * @throws IOException if the master's configuration could not be read
   */
  Map<String, String> changedSettings() throws IOException {
    if (properties == null) {
      throw new IOException("could not read the HBase master's configuration at " + url
          + "; enable hbase.master.info.port");
    }
    Map<String, String> changed = new TreeMap<>();
    properties.forEach((name, value) -> {
      if (!isDefault(sources.get(name)) && !SecretNames.isSecret(name)) {
        changed.put("setting." + name, value);
      }
    });
    return changed;
  }

  /** A property with no source at all was not set by anyone the page can name: treated as a default. */
  private static boolean isDefault(String source) {
    return source == null || source.isEmpty() || source.endsWith("-default.xml");
  }

  /** Whether HBase keeps its files on HDFS (hbase.rootdir hdfs://...). */
  boolean onHdfs() {
    return properties != null && properties.getOrDefault("hbase.rootdir", "").startsWith("hdfs:");
  }

  /**
   * The NameNode's web server (host:port) as the master's configuration names it (dfs.namenode.http-address; a
   * wildcard host is the root directory's), or empty when it names none.
   */
  Optional<String> nameNodeWeb() {
    String address = properties == null ? null : properties.get("dfs.namenode.http-address");
    if (address == null || address.isBlank()) {
      return Optional.empty();
    }
    address = address.trim();
    if (address.startsWith("0.0.0.0:")) {
      String host = URI.create(properties.get("hbase.rootdir")).getHost();
      address = host + address.substring("0.0.0.0".length());
    }
    return Optional.of(address);
  }

  /**
   * After how long without a heartbeat HDFS holds a datanode stale (dfs.namenode.stale.datanode.interval), or
   * HDFS's default of 30 s when the page does not say.
   */
  long staleDatanodeMillis() {
    String v = properties == null ? null : properties.get("dfs.namenode.stale.datanode.interval");
    try {
      return v == null ? 30_000 : Long.parseLong(v.trim());
    } catch (NumberFormatException e) {
      return 30_000;
    }
  }

  /** Where this configuration was read. */
  String url() {
    return url;
  }

  Replication replication() {
    if (properties == null) {
      return new Replication(0, "could not read the HBase master's configuration at " + url
          + "; enable hbase.master.info.port");
    }
    String rootdir = properties.getOrDefault("hbase.rootdir", "");
    if (rootdir.startsWith("file:")) {
      return new Replication(1, "hbase.rootdir " + rootdir + " is on the local filesystem: one copy");
    }
    if (rootdir.startsWith("hdfs:")) {
      String r = properties.get("dfs.replication");
      if (r == null) {
        return new Replication(0, "could not tell: rootdir on HDFS, but dfs.replication is not in the HBase master's"
            + " configuration at " + url);
      }
      try {
        return new Replication(Integer.parseInt(r.trim()), "dfs.replication of the HBase master, rootdir on HDFS");
      } catch (NumberFormatException e) {
        return new Replication(0, "dfs.replication '" + r + "' is not a number");
      }
    }
    return new Replication(0, "cannot tell the replication of hbase.rootdir " + rootdir);
  }
}
