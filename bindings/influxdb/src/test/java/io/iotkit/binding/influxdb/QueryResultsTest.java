package io.iotkit.binding.influxdb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iotkit.binding.Aggregate;
import io.iotkit.binding.WindowResult;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** /query's answers as influxd 1.6 writes them (taken from a real server). */
class QueryResultsTest {

  @Test
  void aWindowWithPoints() {
    QueryResults r = QueryResults.parse("{\"results\":[{\"statement_id\":0,\"series\":[{\"name\":\"reading\","
        + "\"columns\":[\"time\",\"count\",\"max\"],\"values\":[[1767225600000000,2,2.5]]}]}]}");
    WindowResult w = WindowAnswer.of(Aggregate.MAX, r.statement(0));
    assertEquals(new WindowResult(2, 2.5, 2), w);
  }

  @Test
  void anEmptyWindowHasNoSeries() {
    QueryResults r = QueryResults.parse("{\"results\":[{\"statement_id\":0}]}");
    WindowResult max = WindowAnswer.of(Aggregate.MAX, r.statement(0));
    assertEquals(0, max.count());
    assertTrue(Double.isNaN(max.value()));
    assertEquals(new WindowResult(0, 0, 0), WindowAnswer.of(Aggregate.COUNT, r.statement(0)));
  }

  @Test
  void statementErrorsStayWithTheirStatement() {
    QueryResults r = QueryResults.parse("{\"results\":[{\"statement_id\":0,\"error\":\"database not found: nodb\"},"
        + "{\"statement_id\":1,\"series\":[{\"name\":\"reading\",\"columns\":[\"time\",\"count\"],"
        + "\"values\":[[\"1970-01-01T00:00:00Z\",5000]]}]}]}");
    assertEquals(Optional.of("database not found: nodb"), r.statement(0).error());
    assertThrows(IllegalStateException.class, () -> r.statement(0).number("count"));
    assertEquals(Optional.of(5000.0), r.statement(1).number("count"));
    assertThrows(IllegalArgumentException.class, () -> r.statement(2));
  }

  @Test
  void aRequestErrorOrAnotherBodyIsRefused() {
    assertEquals("error authorizing query: create admin user first or disable authentication",
        assertThrows(IllegalArgumentException.class, () -> QueryResults.parse("{\"error\":\"error authorizing query:"
            + " create admin user first or disable authentication\"}")).getMessage());
    assertThrows(IllegalArgumentException.class, () -> QueryResults.parse("<html>proxy error</html>"));
    assertEquals("unable to parse 'x': invalid boolean", InfluxHttp.errorText("{\"error\":\"unable to parse 'x':"
        + " invalid boolean\"}"));
    assertEquals("Bad Gateway", InfluxHttp.errorText("Bad Gateway\nmore"));
  }

  @Test
  void diagnosticsGiveTheChangedSettingsAndTheDurability() {
    QueryResults r = QueryResults.parse("{\"results\":[{\"statement_id\":0,\"series\":["
        + "{\"name\":\"build\",\"columns\":[\"Version\"],\"values\":[[\"1.6.7\"]]},"
        + "{\"name\":\"config\",\"columns\":[\"bind-address\",\"reporting-enabled\"],\"values\":[[\"127.0.0.1:4\","
        + "false]]},"
        + "{\"name\":\"config-data\",\"columns\":[\"max-series-per-database\",\"wal-fsync-delay\"],"
        + "\"values\":[[1000000,\"0s\"]]},"
        + "{\"name\":\"config-monitor\",\"columns\":[\"store-enabled\"],\"values\":[[false]]}]}]}");
    Map<String, String> config = ServerDiagnostics.config(r.statement(0));
    assertEquals("0s", config.get("data.wal-fsync-delay"));
    assertEquals(Map.of("setting.config.bind-address", "127.0.0.1:4", "setting.monitor.store-enabled", "false"),
        changed(r));
    assertTrue(ServerDiagnostics.of(config).durability().startsWith("wal-fsync-delay=0s (each write request is"
        + " answered 204 once"), ServerDiagnostics.of(config).durability());
  }

  private static Map<String, String> changed(QueryResults r) {
    return ServerDiagnostics.of(ServerDiagnostics.config(r.statement(0))).changedSettings();
  }
}
