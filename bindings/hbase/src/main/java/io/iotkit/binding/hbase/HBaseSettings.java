package io.iotkit.binding.hbase;

import io.iotkit.binding.SecretNames;
import io.iotkit.binding.SensorNumbers;
import io.iotkit.binding.settings.BadPropertyException;
import io.iotkit.binding.settings.HostPort;
import io.iotkit.binding.settings.PropertyReader;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.TableName;

/**
 * The binding properties of the hbase binding (see workloads/hbase.properties), checked once.
 *
 * <p>Kit settings: {@value #TABLE} and {@value #BATCH_SIZE}. Every other {@code hbase.*} and {@code zookeeper.*}
 * property goes to the HBase client as it is; the kit's own names are kept from it (no HBase setting has them).
 * The ZooKeeper address and every client setting HBase has a number or flag default for are checked here, so
 * that a value the client cannot parse is a bad property, not a failure deep inside the client.
 */
final class HBaseSettings {
  static final String TABLE = "hbase.table";
  static final String BATCH_SIZE = "hbase.batch.size";
  /** Regions the table is split into per substation before each iteration ({@link TableLayout}). */
  static final String REGIONS_PER_SUBSTATION = "hbase.regions.per.substation";
  static final String QUORUM = "hbase.zookeeper.quorum";
  static final String OPERATION_TIMEOUT = "hbase.client.operation.timeout";
  static final String RPC_TIMEOUT = "hbase.rpc.timeout";
  /** How long an Admin call (create, disable, delete, truncate a table) waits for its procedure on the master. */
  static final String ADMIN_WAIT = "hbase.client.sync.wait.timeout.msec";
  static final String CLIENT_PORT = "hbase.zookeeper.property.clientPort";
  private static final Set<String> KIT_SETTINGS = Set.of(TABLE, BATCH_SIZE, REGIONS_PER_SUBSTATION);
  private static final Pattern WHOLE = Pattern.compile("-?\\d+");
  /**
   * What Hadoop also reads where a whole number is the default: hex (getInt), durations (getTimeDuration: 60s,
   * 500ms) and sizes (getLongBytes: 128m, 1g).
   */
  private static final Pattern WHOLE_WITH_UNIT = Pattern.compile("-?(0x[0-9a-fA-F]+|\\d+(\\.\\d+)?\\s*[a-zA-Z]{0,2})");
  private static final Pattern DECIMAL = Pattern.compile("-?\\d+(\\.\\d+)?([eE]-?\\d+)?");

  final TableName table;
  final int batchSize;
  final int regionsPerSubstation;
  final List<HostPort> zooKeepers;
  final Configuration client;

  private HBaseSettings(Properties p) {
    PropertyReader reader = new PropertyReader(p);
    String name = reader.string(TABLE, "iot");
    try {
      table = TableName.valueOf(name);
    } catch (IllegalArgumentException e) {
      throw new BadPropertyException(TABLE + " '" + name + "' is not an HBase table name (" + e.getMessage() + ")");
    }
    batchSize = reader.intIn(BATCH_SIZE, 100, 1, Integer.MAX_VALUE);
    regionsPerSubstation = reader.intIn(REGIONS_PER_SUBSTATION, 1, 1, SensorNumbers.COUNT);
    zooKeepers = reader.hostPorts(QUORUM, "localhost", reader.intIn(CLIENT_PORT, 2181, 1, 65_535));
    client = HBaseConfiguration.create();
    // HBase retries an operation for up to 20 minutes by default; a run cannot wait that long for one batch.
    // Given values win (the loop below).
    client.setInt(OPERATION_TIMEOUT, 60_000);
    client.setInt(RPC_TIMEOUT, 20_000);
    // and an Admin call 10 minutes for its procedure: a table that cannot be laid out or truncated (regions that
    // never get assigned) should end the run with HBase's reason long before that
    client.setInt(ADMIN_WAIT, 300_000);
    for (String k : p.stringPropertyNames()) {
      if ((k.startsWith("hbase.") || k.startsWith("zookeeper.")) && !KIT_SETTINGS.contains(k)) {
        String v = p.getProperty(k).trim();
        checkLikeDefault(k, v, client.get(k));
        client.set(k, v);
      }
    }
  }

  /** A setting whose HBase default is a number or a flag must be one too. */
  private static void checkLikeDefault(String key, String value, String dflt) {
    if (dflt == null || dflt.isBlank()) {
      return;
    }
    String d = dflt.trim();
    String wanted = null;
    if (WHOLE.matcher(d).matches() && !WHOLE_WITH_UNIT.matcher(value).matches()) {
      wanted = "a whole number (or one with a unit, such as 60s or 128m)";
    } else if (DECIMAL.matcher(d).matches() && !WHOLE.matcher(d).matches() && !DECIMAL.matcher(value).matches()) {
      wanted = "a number";
    } else if ((d.equals("true") || d.equals("false")) && !value.equalsIgnoreCase("true")
        && !value.equalsIgnoreCase("false")) {
      wanted = "true or false";
    }
    if (wanted != null) {
      String shown = SecretNames.isSecret(key) ? SecretNames.REDACTED : "'" + value + "'";
      throw new BadPropertyException(key + " " + shown + " is not " + wanted + " (HBase's default is " + d + ")");
    }
  }

  /** @throws BadPropertyException naming the property that is wrong */
  static HBaseSettings from(Properties p) {
    return new HBaseSettings(p);
  }
}
