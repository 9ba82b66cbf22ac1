package io.iotkit.binding.hbase;

import io.iotkit.binding.Replication;
import java.io.IOException;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.URL;
import java.util.HashMap;
import java.util.Map;
import javax.xml.parsers.DocumentBuilderFactory;
import org.apache.hadoop.hbase.ClusterMetrics;
import org.apache.hadoop.hbase.client.Admin;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * The configuration the HBase master really runs with, read from its info server's /conf page, and the
 * replication factor that follows from it: HDFS keeps dfs.replication copies; the local filesystem keeps one.
 * A client's own configuration would only say what the client believes.
 */
final class MasterConfiguration {
  private final String url;
  private final Map<String, String> properties;

  private MasterConfiguration(String url, Map<String, String> properties) {
    this.url = url;
    this.properties = properties;
  }

  static MasterConfiguration read(Admin admin) throws IOException {
    ClusterMetrics m = admin.getClusterMetrics(java.util.EnumSet.of(ClusterMetrics.Option.MASTER,
        ClusterMetrics.Option.MASTER_INFO_PORT));
    int port = m.getMasterInfoPort();
    String url = "http://" + m.getMasterName().getHostname() + ":" + port + "/conf";
    if (port <= 0) {
      return new MasterConfiguration(url, null);
    }
    try {
      HttpURLConnection c = (HttpURLConnection) new URL(url).openConnection();
      c.setConnectTimeout(5_000);
      c.setReadTimeout(10_000);
      try (InputStream in = c.getInputStream()) {
        return new MasterConfiguration(url, parse(in));
      }
    } catch (Exception e) {
      return new MasterConfiguration(url, null);
    }
  }

  private static Map<String, String> parse(InputStream xml) throws Exception {
    DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
    f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
    Document doc = f.newDocumentBuilder().parse(xml);
    Map<String, String> props = new HashMap<>();
    NodeList list = doc.getElementsByTagName("property");
    for (int i = 0; i < list.getLength(); i++) {
      Element e = (Element) list.item(i);
      props.put(text(e, "name"), text(e, "value"));
    }
    return props;
  }

  private static String text(Element e, String tag) {
    NodeList n = e.getElementsByTagName(tag);
    return n.getLength() == 0 ? "" : n.item(0).getTextContent().trim();
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
      String r = properties.getOrDefault("dfs.replication", "3");
      try {
        return new Replication(Integer.parseInt(r.trim()), "dfs.replication of the HBase master, rootdir on HDFS");
      } catch (NumberFormatException e) {
        return new Replication(0, "dfs.replication '" + r + "' is not a number");
      }
    }
    return new Replication(0, "cannot tell the replication of hbase.rootdir " + rootdir);
  }
}
