package io.iotkit.binding.hbase;

import io.iotkit.binding.LiveCopies;
import io.iotkit.binding.ReadingFormat;
import io.iotkit.binding.Replication;
import io.iotkit.binding.StoreAdmin;
import java.io.IOException;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.hbase.ClusterMetrics;
import org.apache.hadoop.hbase.TableExistsException;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.RegionLocator;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.filter.FilterList;
import org.apache.hadoop.hbase.filter.FirstKeyOnlyFilter;
import org.apache.hadoop.hbase.filter.KeyOnlyFilter;
import org.apache.hadoop.hbase.util.Bytes;
import site.ycsb.DBException;

/**
 * The HBase table as the master uses it: laid out anew with one region per substation before each iteration,
 * counted by substation for the data check (a key-only scan of each substation's rows), truncated by the purge,
 * and asked for its replication (the column family's DFS_REPLICATION, else the master's configuration), the live
 * copies of its files, version and changed settings.
 */
final class HBaseAdmin implements StoreAdmin {
  /** A row key no reading has (reading keys start with a substation key, letters and digits). */
  private static final byte[] PING_ROW = Bytes.toBytes("!ping");
  private static final long COPIES_WAIT_SECONDS = 30;
  /** Deletes and creates that a table opened elsewhere in between may each undo. */
  private static final int LAYOUT_ATTEMPTS = 3;

  private final HBaseTable t;

  private HBaseAdmin(HBaseTable t) {
    this.t = t;
  }

  static HBaseAdmin open(Properties properties) throws DBException {
    return new HBaseAdmin(HBaseTable.open(properties));
  }

  /**
   * Lays the table out anew for these substations before the iteration writes: disabled, deleted and created again
   * with the same descriptor (so a sponsor's column family settings stay) and {@code hbase.regions.per.substation}
   * regions per substation (one by default; see {@link TableLayout}). The table starts empty, as the protocol has
   * it: readings of earlier runs go with it.
   */
  @Override
  public void prepare(List<String> substations) throws DBException {
    try (Admin admin = t.connection.getAdmin()) {
      TableDescriptor descriptor = admin.getDescriptor(t.name);
      byte[][] splits = TableLayout.splitPoints(substations, t.settings.regionsPerSubstation);
      for (int attempt = 1; ; attempt++) {
        drop(admin);
        try {
          if (splits.length == 0) {
            admin.createTable(descriptor);
          } else {
            admin.createTable(descriptor, splits);
          }
          return;
        } catch (TableExistsException e) {
          // Another client of the SUT opened the table between the delete and the create, and opening creates a
          // missing table (the kit's SUT watch reconnects so after the cleanup's restart): drop that one too.
          if (attempt == LAYOUT_ATTEMPTS) {
            throw e;
          }
          awaitAvailable(admin); // its create done, before it is disabled
        }
      }
    } catch (IOException e) {
      throw new DBException("hbase: cannot lay out table " + t.name + " for the iteration: " + e.getMessage());
    }
  }

  private void awaitAvailable(Admin admin) throws IOException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(COPIES_WAIT_SECONDS);
    while (!admin.isTableAvailable(t.name) && System.nanoTime() < deadline) {
      try {
        Thread.sleep(200);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new java.io.InterruptedIOException("interrupted while table " + t.name + " was created elsewhere");
      }
    }
  }

  private void drop(Admin admin) throws IOException {
    if (admin.isTableEnabled(t.name)) {
      admin.disableTable(t.name);
    }
    admin.deleteTable(t.name);
  }

  /** The table's regions, split points and region servers, as HBase reports them now. */
  @Override
  public Map<String, String> dataLayout() throws DBException {
    try (RegionLocator locator = t.connection.getRegionLocator(t.name)) {
      return TableLayout.describe(t.name, locator.getAllRegionLocations());
    } catch (IOException e) {
      throw new DBException("hbase: cannot read the regions of " + t.name + ": " + e.getMessage());
    }
  }


  @Override
  public Replication replication() throws DBException {
    try (Admin admin = t.connection.getAdmin()) {
      return replication(admin, MasterConfiguration.read(admin));
    } catch (IOException e) {
      throw new DBException("hbase: cannot read the table descriptor: " + e.getMessage());
    }
  }

  private Replication replication(Admin admin, MasterConfiguration conf) throws IOException {
    short family = admin.getDescriptor(t.name).getColumnFamily(HBaseBinding.FAMILY).getDFSReplication();
    if (family > 0 && conf.onHdfs()) {
      return new Replication(family, "DFS_REPLICATION of column family r of table " + t.name);
    }
    return conf.replication();
  }

  /**
   * The copies of the table's files: one on the local filesystem; on HDFS, as the NameNode counts them (see
   * {@link HdfsCopies}), waiting up to {@value #COPIES_WAIT_SECONDS} s while fewer than the factor, since a block
   * just written is short of copies until every datanode of its pipeline has reported it. A NameNode that cannot
   * be found or read is "could not tell": 0 copies.
   */
  @Override
  public Optional<LiveCopies> liveCopies(List<String> substations) throws DBException {
    Replication factor;
    MasterConfiguration conf;
    try (Admin admin = t.connection.getAdmin()) {
      conf = MasterConfiguration.read(admin);
      factor = replication(admin, conf);
    } catch (IOException e) {
      throw new DBException("hbase: cannot read the table descriptor: " + e.getMessage());
    }
    if (!conf.onHdfs()) {
      return Optional.of(new LiveCopies(Math.min(1, factor.factor()), factor.source()));
    }
    Optional<String> nameNode = conf.nameNodeWeb();
    if (nameNode.isEmpty()) {
      return Optional.of(new LiveCopies(0, "could not tell: the HBase master's configuration at " + conf.url()
          + " names no dfs.namenode.http-address, where the NameNode counts HDFS's copies"));
    }
    long stale = conf.staleDatanodeMillis();
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(COPIES_WAIT_SECONDS);
    while (true) {
      LiveCopies c;
      try {
        c = HdfsCopies.of(factor, HdfsCopies.read(nameNode.get(), stale), nameNode.get(), stale);
      } catch (IOException e) {
        c = new LiveCopies(0, "could not tell: " + e.getMessage());
      }
      if (c.copies() >= factor.factor() || System.nanoTime() > deadline) {
        return Optional.of(c);
      }
      try {
        Thread.sleep(1_000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new DBException("hbase: interrupted while counting HDFS's copies");
      }
    }
  }

  /**
   * The HBase version the cluster reports, and the master's settings that did not come from a default file
   * (see {@link MasterConfiguration#changedSettings}).
   */
  @Override
  public Map<String, String> sutSettings() throws DBException {
    try (Admin admin = t.connection.getAdmin()) {
      Map<String, String> s = new LinkedHashMap<>();
      s.put("version", admin.getClusterMetrics(EnumSet.of(ClusterMetrics.Option.HBASE_VERSION)).getHBaseVersion());
      s.putAll(MasterConfiguration.read(admin).changedSettings());
      return s;
    } catch (IOException e) {
      throw new DBException("hbase: cannot read the SUT's version and settings: " + e.getMessage());
    }
  }

  /** The active master's and each live region server's start code, which the server takes when it starts. */
  @Override
  public Map<String, String> serverStarts() throws DBException {
    try (Admin admin = t.connection.getAdmin()) {
      ClusterMetrics m = admin.getClusterMetrics(EnumSet.of(ClusterMetrics.Option.MASTER,
          ClusterMetrics.Option.LIVE_SERVERS));
      Map<String, String> starts = new java.util.TreeMap<>();
      starts.put("master " + m.getMasterName().getAddress(), "start code " + m.getMasterName().getStartcode());
      for (org.apache.hadoop.hbase.ServerName rs : m.getLiveServerMetrics().keySet()) {
        starts.put("region server " + rs.getAddress(), "start code " + rs.getStartcode());
      }
      return starts;
    } catch (IOException e) {
      throw new DBException("hbase: cannot read the servers' start codes: " + e.getMessage());
    }
  }

  @Override
  public Map<String, Long> countReadings(List<String> substations) throws DBException {
    Map<String, Long> counts = new LinkedHashMap<>();
    for (String s : substations) {
      counts.put(s, count(s));
    }
    return counts;
  }

  private long count(String substation) throws DBException {
    Scan scan = new Scan()
        .setRowPrefixFilter(Bytes.toBytes(ReadingFormat.substationPrefix(substation)))
        .setFilter(new FilterList(new FirstKeyOnlyFilter(), new KeyOnlyFilter()))
        .setCaching(10_000);
    long n = 0;
    try (ResultScanner rs = t.table.getScanner(scan)) {
      while (rs.next() != null) {
        n++;
      }
    } catch (IOException e) {
      throw new DBException("hbase: count scan failed: " + e.getMessage());
    }
    return n;
  }

  /** Asks the region server that holds the table's first region whether a row exists: a real round trip. */
  @Override
  public void ping() throws DBException {
    try {
      t.table.exists(new org.apache.hadoop.hbase.client.Get(PING_ROW));
    } catch (IOException e) {
      throw new DBException("hbase: " + e.getMessage());
    }
  }

  @Override
  public void purge() throws DBException {
    try (Admin admin = t.connection.getAdmin()) {
      if (admin.isTableEnabled(t.name)) {
        admin.disableTable(t.name);
      }
      admin.truncateTable(t.name, false);
    } catch (IOException e) {
      throw new DBException("hbase: truncate of " + t.name + " failed: " + e.getMessage());
    }
  }

  @Override
  public void close() {
    t.close();
  }
}
