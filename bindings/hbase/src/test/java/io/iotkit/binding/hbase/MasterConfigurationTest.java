package io.iotkit.binding.hbase;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Reading the HBase master's /conf page: which settings count as changed, and that no secret is reported. */
class MasterConfigurationTest {
  /** A /conf page as Hadoop writes it: sources oldest first. */
  private static final String CONF = """
      <?xml version="1.0" encoding="UTF-8" standalone="no"?><configuration>
      <property><name>hbase.rootdir</name><value>file:/data/hbase</value><final>false</final>\
      <source>hbase-default.xml</source><source>programmatically</source></property>
      <property><name>hbase.regionserver.handler.count</name><value>30</value><final>false</final>\
      <source>hbase-default.xml</source></property>
      <property><name>dfs.replication</name><value>2</value><final>false</final>\
      <source>hdfs-default.xml</source><source>hbase-site.xml</source></property>
      <property><name>io.file.buffer.size</name><value>4096</value><final>false</final>\
      <source>core-default.xml</source></property>
      <property><name>hbase.zookeeper.property.clientPort</name><value>2181</value><final>false</final>\
      <source>programmatically</source></property>
      <property><name>hbase.ssl.keystore.password</name><value>hunter2</value><final>false</final>\
      <source>hbase-site.xml</source></property>
      <property><name>hadoop.http.authentication.signature.secret.file</name><value>/etc/secret</value>\
      <source>core-site.xml</source></property>
      <property><name>hbase.master.keytab.file</name><value>/etc/hbase.keytab</value>\
      <source>hbase-site.xml</source></property>
      </configuration>
      """;

  @Test
  void settingsFromSiteFilesOrTheProgramAreChangedOnesAndNoSecretIsReported() throws Exception {
    MasterConfiguration c = MasterConfiguration.parse("http://m:16010/conf",
        new ByteArrayInputStream(CONF.getBytes(StandardCharsets.UTF_8)));
    assertEquals(Map.of("setting.hbase.rootdir", "file:/data/hbase", "setting.dfs.replication", "2",
        "setting.hbase.zookeeper.property.clientPort", "2181"), c.changedSettings());
    assertEquals(1, c.replication().factor(), "the replication check reads the same page");
  }
}
