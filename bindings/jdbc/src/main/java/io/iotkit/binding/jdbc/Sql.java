package io.iotkit.binding.jdbc;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Runs one statement and returns its rows as text: how a SQL binding reads what the server says of itself
 * (topology, settings, layout), and the seam that lets tests play a server from recorded answers.
 */
@FunctionalInterface
public interface Sql {
  List<List<String>> rows(String statement) throws SQLException;

  /** The seam over a real connection. */
  static Sql over(Connection c) {
    return statement -> {
      List<List<String>> rows = new ArrayList<>();
      try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(statement)) {
        int columns = rs.getMetaData().getColumnCount();
        while (rs.next()) {
          List<String> row = new ArrayList<>();
          for (int i = 1; i <= columns; i++) {
            row.add(rs.getString(i));
          }
          rows.add(row);
        }
      }
      return rows;
    };
  }

  /** A SHOW STATUS or SHOW VARIABLES answer: lower-case name to value. */
  default Map<String, String> variables(String statement) throws SQLException {
    Map<String, String> m = new HashMap<>();
    for (List<String> row : rows(statement)) {
      m.put(row.get(0).toLowerCase(Locale.ROOT), row.get(1));
    }
    return m;
  }

  /** The first column of the first row, or null for no rows. */
  default String single(String statement) throws SQLException {
    List<List<String>> rows = rows(statement);
    return rows.isEmpty() ? null : rows.get(0).get(0);
  }

  /** A number the server reported as text; 0 for none or not a number. */
  static long number(String s) {
    try {
      return s == null ? 0 : Long.parseLong(s.trim());
    } catch (NumberFormatException e) {
      return 0;
    }
  }
}
