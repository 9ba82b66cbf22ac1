package io.iotkit.binding.postgresql;

import io.iotkit.binding.jdbc.Sql;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** A server playing recorded answers: rows for some statements, an SQLSTATE for others, no rows for the rest. */
final class RecordedServer implements Sql {
  private final Map<String, List<List<String>>> answers = new HashMap<>();
  private final Map<String, String> errors = new HashMap<>();

  RecordedServer answer(String statement, List<List<String>> rows) {
    answers.put(statement, rows);
    return this;
  }

  RecordedServer one(String statement, String value) {
    return answer(statement, List.of(java.util.Collections.singletonList(value)));
  }

  RecordedServer fail(String statement, String sqlState) {
    errors.put(statement, sqlState);
    return this;
  }

  @Override
  public List<List<String>> rows(String statement) throws SQLException {
    if (errors.containsKey(statement)) {
      throw new SQLException("ERROR: recorded failure", errors.get(statement));
    }
    return answers.getOrDefault(statement, List.of());
  }
}
