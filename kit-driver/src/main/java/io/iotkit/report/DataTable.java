package io.iotkit.report;

import java.util.List;

/**
 * A table of figures as the {@code data-table} template draws it: the first column names each row, the others
 * are numbers, right-aligned.
 *
 * @param cls the table's class, or null for none
 * @param head the column headings
 */
record DataTable(String cls, Row head, List<Row> rows) {

  /** A row: the cell that names it and its numbers, all formatted. */
  record Row(String first, List<String> rest) {
    static Row of(List<String> cells) {
      return new Row(cells.get(0), cells.subList(1, cells.size()));
    }
  }
}
