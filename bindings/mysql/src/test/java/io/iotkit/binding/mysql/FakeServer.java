package io.iotkit.binding.mysql;

import io.iotkit.binding.jdbc.Sql;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** A server that answers some statements with rows and fails others with an error code; others give no rows. */
final class FakeServer implements Sql {
  private final Map<String, List<List<String>>> answers = new HashMap<>();
  private final Map<String, Integer> errors = new HashMap<>();

  FakeServer answer(String statement, List<List<String>> rows) {
    answers.put(statement, rows);
    return this;
  }

  FakeServer fail(String statement, int code) {
    errors.put(statement, code);
    return this;
  }

  @Override
  public List<List<String>> rows(String statement) throws SQLException {
    if (errors.containsKey(statement)) {
      throw new SQLException("error " + errors.get(statement), "HY000", errors.get(statement));
    }
    return answers.getOrDefault(statement, List.of());
  }
}
