package io.iotkit.binding.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iotkit.binding.Aggregate;
import io.iotkit.binding.Replication;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The statements every dialect shares, with the dialect's quoting; Aurora's recognition on recorded answers. */
class ReadingTableSqlTest {
  private final ReadingTableSql t = new ReadingTableSql("readings") {
    @Override
    protected String quoted() {
      return "\"" + name() + "\"";
    }

    @Override
    public String createSql() {
      return "";
    }

    @Override
    public List<String> primaryKey(Connection c) {
      return List.of();
    }

    @Override
    public long paddingBytes(Connection c) {
      return -1;
    }

    @Override
    public boolean exists(Connection c) {
      return false;
    }
  };

  @Test
  void everyWindowIsOneSensorsKeyRangeAndCountsItsReadings() {
    for (Aggregate fn : Aggregate.values()) {
      assertTrue(t.windowSql(fn).startsWith("SELECT COUNT(*)"), fn.name());
      assertTrue(t.windowSql(fn).endsWith(" FROM \"readings\" WHERE substation = ? AND sensor = ? AND ts >= ?"
          + " AND ts < ?"), t.windowSql(fn));
    }
    assertEquals("SELECT COUNT(*), AVG(value) FROM \"readings\" WHERE substation = ? AND sensor = ? AND ts >= ?"
        + " AND ts < ?", t.windowSql(Aggregate.AVG));
  }

  @Test
  void countsInsertsAndTruncateInTheDialectsQuoting() {
    assertEquals("SELECT substation, COUNT(*) FROM \"readings\" WHERE substation IN (?, ?) GROUP BY substation",
        t.countPerSubstationSql(2));
    assertThrows(IllegalArgumentException.class, () -> t.countPerSubstationSql(0));
    assertEquals("INSERT INTO \"readings\" (substation, sensor, ts, value, unit, padding) VALUES (?, ?, ?, ?, ?, ?)",
        t.insertSql());
    assertEquals("TRUNCATE TABLE \"readings\"", t.truncateSql());
  }

  @Test
  void auroraIsRecognisedOnlyWhenItsStatementAnswers() {
    Sql aurora = statement -> List.of(List.of("16.4.2"));
    Sql other = statement -> {
      throw new SQLException("function aurora_version() does not exist", "42883");
    };
    assertEquals("16.4.2", Aurora.version(aurora, "SELECT aurora_version()"));
    assertNull(Aurora.version(other, "SELECT aurora_version()"));
    Replication r = Aurora.replication("Aurora PostgreSQL", "16.4.2", "SELECT aurora_version()");
    assertEquals(6, r.factor());
    assertTrue(r.source().contains("(SELECT aurora_version() answers)"), r.source());
  }
}
