package io.iotkit.binding.hbase;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iotkit.binding.Aggregate;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;

class WindowScanTest {
  private static final byte[] FROM = Bytes.toBytes("s:x:0000000000000010");
  private static final byte[] TO = Bytes.toBytes("s:x:0000000000000020");

  @Test
  void aWindowScanIsItsRowRangeInOneRpcWithItsReadsMeasured() {
    for (Aggregate fn : Aggregate.values()) {
      Scan s = HBaseBinding.windowScan(fn, FROM, TO);
      assertArrayEquals(FROM, s.getStartRow(), fn.name());
      assertArrayEquals(TO, s.getStopRow(), fn.name());
      assertTrue(s.includeStartRow() && !s.includeStopRow(), "[from, to): " + fn);
      assertTrue(s.isScanMetricsEnabled(), "the region server's rows scanned are the window's read: " + fn);
      assertEquals(Integer.MAX_VALUE, s.getCaching(), fn.name());
      assertEquals(Scan.ReadType.PREAD, s.getReadType(), fn.name());
      assertEquals(-1, s.getLimit(), "no limit: the window is aggregated whole: " + fn);
    }
  }

  @Test
  void countShipsKeysOnlyTheOthersTheValueColumnOnly() {
    Scan count = HBaseBinding.windowScan(Aggregate.COUNT, FROM, TO);
    assertTrue(count.getFilter() != null);
    assertFalse(count.hasFamilies());
    Scan max = HBaseBinding.windowScan(Aggregate.MAX, FROM, TO);
    assertNull(max.getFilter());
    assertEquals(1, max.getFamilyMap().get(HBaseBinding.FAMILY).size());
    assertArrayEquals(HBaseBinding.VALUE, max.getFamilyMap().get(HBaseBinding.FAMILY).first());
  }
}
