package io.iotkit.binding.mysql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iotkit.binding.Aggregate;
import org.junit.jupiter.api.Test;

class ReadingTableTest {
  private final ReadingTable t = new ReadingTable("readings");

  @Test
  void primaryKeyMakesTheWindowARangeOfOneSensor() {
    assertTrue(t.createSql().contains("PRIMARY KEY (substation, sensor, ts)"), t.createSql());
    assertEquals("SELECT COUNT(*), MAX(value) FROM `readings` WHERE substation = ? AND sensor = ? AND ts >= ? AND ts < ?",
        t.windowSql(Aggregate.MAX));
  }

  @Test
  void everyTemplateAlsoCountsItsReadings() {
    for (Aggregate fn : Aggregate.values()) {
      assertTrue(t.windowSql(fn).startsWith("SELECT COUNT(*)"), fn.name());
    }
    assertTrue(t.windowSql(Aggregate.MIN).contains("MIN(value)"));
    assertTrue(t.windowSql(Aggregate.AVG).contains("AVG(value)"));
    assertEquals("SELECT COUNT(*) FROM `readings` WHERE substation = ? AND sensor = ? AND ts >= ? AND ts < ?",
        t.windowSql(Aggregate.COUNT));
  }

  @Test
  void countsOverAListOfSubstations() {
    assertEquals("SELECT substation, COUNT(*) FROM `readings` WHERE substation IN (?, ?, ?) GROUP BY substation",
        t.countPerSubstationSql(3));
    assertThrows(IllegalArgumentException.class, () -> t.countPerSubstationSql(0));
  }

  @Test
  void thePaddingOfA10KbReadingFits() {
    assertTrue(t.createSql().contains(" padding VARBINARY(10240) NOT NULL,"), t.createSql());
  }

  @Test
  void insertsEveryColumn() {
    assertEquals("INSERT INTO `readings` (substation, sensor, ts, value, unit, padding) VALUES (?, ?, ?, ?, ?, ?)",
        t.insertSql());
    assertEquals("TRUNCATE TABLE `readings`", t.truncateSql());
  }
}
