package io.iotkit.binding.postgresql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iotkit.binding.Aggregate;
import org.junit.jupiter.api.Test;

class PgTableTest {
  private final PgTable t = new PgTable("readings");

  @Test
  void thePrimaryKeyMakesEachWindowARange() {
    assertTrue(t.createSql().contains("PRIMARY KEY (substation, sensor, ts)"), t.createSql());
    assertTrue(t.createSql().contains("padding BYTEA NOT NULL CHECK (octet_length(padding) <= 10240)"));
    assertEquals("SELECT COUNT(*), MAX(value) FROM \"readings\" WHERE substation = ? AND sensor = ? AND ts >= ?"
        + " AND ts < ?", t.windowSql(Aggregate.MAX));
    assertEquals("TRUNCATE TABLE \"readings\"", t.truncateSql());
  }

  @Test
  void theReadCountersCoverTheTableAndItsIndexes() {
    assertTrue(t.rowsReadSql().contains("pg_stat_get_xact_tuples_returned"), t.rowsReadSql());
    assertTrue(t.rowsReadSql().contains("indrelid = to_regclass('\"readings\"')"), t.rowsReadSql());
  }
}
