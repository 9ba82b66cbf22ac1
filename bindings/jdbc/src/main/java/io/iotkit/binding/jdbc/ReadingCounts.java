package io.iotkit.binding.jdbc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The data check's count of an iteration's readings, per substation, in one statement, on any connection to the
 * store: the primary's for the data check, a replica's to tell whether it holds the same.
 */
public final class ReadingCounts {
  private final ReadingTableSql table;
  private final List<String> substations;

  public ReadingCounts(ReadingTableSql table, List<String> substations) {
    this.table = table;
    this.substations = List.copyOf(substations);
  }

  /** Each substation's readings on {@code c}; a substation with none is 0. */
  public Map<String, Long> on(Connection c) throws SQLException {
    Map<String, Long> counts = new LinkedHashMap<>();
    substations.forEach(s -> counts.put(s, 0L));
    if (substations.isEmpty()) {
      return counts;
    }
    try (PreparedStatement ps = c.prepareStatement(table.countPerSubstationSql(substations.size()))) {
      for (int i = 0; i < substations.size(); i++) {
        ps.setString(i + 1, substations.get(i));
      }
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          counts.put(rs.getString(1), rs.getLong(2));
        }
      }
    }
    return counts;
  }

  /** A replica's readings against the primary's on {@code primary}, counted there once, when first asked. */
  public ReplicaContents against(Connection primary) {
    return new ReplicaContents() {
      private Map<String, Long> held;

      @Override
      public String differenceOn(Connection replica) throws SQLException {
        if (held == null) {
          held = on(primary);
        }
        return difference(held, on(replica));
      }
    };
  }

  /** Empty when {@code replica} holds what {@code primary} holds; else the first substation where they differ. */
  public static String difference(Map<String, Long> primary, Map<String, Long> replica) {
    for (Map.Entry<String, Long> e : primary.entrySet()) {
      long held = replica.getOrDefault(e.getKey(), 0L);
      if (held != e.getValue()) {
        return String.format(Locale.ROOT, "holds %,d readings of substation %s where the primary holds %,d",
            held, e.getKey(), e.getValue());
      }
    }
    return "";
  }
}
