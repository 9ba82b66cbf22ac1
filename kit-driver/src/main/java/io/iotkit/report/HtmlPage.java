package io.iotkit.report;

import static io.iotkit.report.Html.esc;

import java.util.List;
import java.util.stream.Collectors;

/**
 * The frame of a self-contained report page: inline style, the self-check script, and the element it writes
 * script errors into. Nothing on the page refers to another file or a network address, so a report opens the
 * same from a results folder, an e-mail attachment, or a machine without network.
 */
final class HtmlPage {
  private static final String STYLE = """
      :root { --ink: #1d2330; --muted: #5b6475; --line: #d8dce3; --pass: #137333; --fail: #b3261e;
              --bg-pass: #e6f4ea; --bg-fail: #fce8e6; --accent: #0072B2; }
      * { box-sizing: border-box; }
      body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif;
             color: var(--ink); margin: 0 auto; max-width: 1240px; padding: 20px 24px 40px; }
      h1 { font-size: 22px; margin: 0 0 2px; }
      h2 { font-size: 17px; margin: 28px 0 8px; border-bottom: 2px solid var(--line); padding-bottom: 4px; }
      h3 { font-size: 14px; margin: 14px 0 6px; }
      .sub, .note, figcaption { color: var(--muted); }
      .headline { display: flex; flex-wrap: wrap; gap: 12px; margin: 14px 0 8px; align-items: stretch; }
      .card { border: 1px solid var(--line); border-radius: 6px; padding: 8px 14px; min-width: 150px; }
      .card .label { font-size: 12px; color: var(--muted); }
      .card .value { font-size: 22px; font-weight: 600; font-variant-numeric: tabular-nums; }
      .verdict { font-size: 20px; font-weight: 700; padding: 12px 16px; border-radius: 6px;
                 display: flex; align-items: center; }
      .verdict.ok, .pass { color: var(--pass); background: var(--bg-pass); }
      .verdict.bad, .fail { color: var(--fail); background: var(--bg-fail); }
      .reasons { margin: 4px 0 0; color: var(--fail); }
      .aborted { color: var(--fail); font-weight: 600; }
      table { border-collapse: collapse; margin: 6px 0 10px; font-variant-numeric: tabular-nums; }
      th, td { border-bottom: 1px solid var(--line); padding: 3px 10px 3px 0; text-align: left;
               vertical-align: top; }
      th { font-size: 12px; color: var(--muted); font-weight: 600; }
      td.num, th.num { text-align: right; padding-left: 10px; }
      tr.group td { font-weight: 600; padding-top: 10px; border-bottom: 1px solid #aab; }
      td.pass, td.fail { font-weight: 700; text-align: center; padding: 3px 8px; }
      table.facts th { padding-right: 18px; }
      table.comparison td.pass { background: none; font-weight: normal; text-align: right; }
      table.comparison td.fail { text-align: right; }
      figure.chart { margin: 18px 0; padding: 10px 12px; border: 1px solid var(--line); border-radius: 6px; }
      figure.chart h3 { margin-top: 0; }
      .charts { display: grid; grid-template-columns: repeat(auto-fit, minmax(520px, 1fr)); gap: 10px; }
      svg.svg-chart { width: 100%; height: auto; display: block; font-size: 12px; }
      .charts > svg.wide { grid-column: 1 / -1; }
      svg .chart-title { font-weight: 600; font-size: 13px; fill: var(--ink); }
      svg text { fill: #333; }
      svg .grid { stroke: #e6e8ec; }
      svg .axis-line, svg .tick { stroke: #777; }
      svg .axis-title { fill: var(--muted); }
      svg .series path { stroke-width: 1.2; stroke-linejoin: round; }
      svg .reference line { stroke: var(--fail); stroke-width: 1.5; stroke-dasharray: 6 4; }
      svg .value { font-size: 10px; fill: #444; }
      svg .no-data-frame { fill: #fafafa; stroke: var(--line); }
      svg .no-data { fill: var(--muted); font-size: 16px; }
      #script-errors:empty { display: none; }
      #script-errors { color: var(--fail); }
      """;

  private HtmlPage() {
  }

  /** Opens the page: doctype, head with style and self-check, and the body. */
  static void open(StringBuilder sb, String title, List<String> chartIds) {
    sb.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
        .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
        .append("<title>").append(esc(title)).append("</title>\n<style>\n").append(STYLE).append("</style>\n")
        .append(selfCheck(chartIds)).append("</head>\n<body>\n");
  }

  /** Closes the page; the pre is where the self-check writes script errors (empty when there were none). */
  static void close(StringBuilder sb) {
    sb.append("<pre id=\"script-errors\"></pre>\n</body>\n</html>\n");
  }

  /**
   * The one script on the page, for tests in a real browser: it records script errors and, once the page is
   * parsed, sets {@code data-report-status="ok"} on the body when every expected chart figure holds an SVG.
   * Errors before the body exists are kept and written out once it does.
   */
  private static String selfCheck(List<String> chartIds) {
    String ids = chartIds.stream().map(id -> "'" + esc(id) + "'").collect(Collectors.joining(", "));
    return """
        <script>
        (function () {
          var early = [];
          function show(text) {
            var pre = document.getElementById('script-errors');
            if (pre) { pre.textContent += text + '\\n'; } else { early.push(text); }
          }
          window.onerror = function (message, source, line) { show(message + ' (line ' + line + ')'); };
          document.addEventListener('DOMContentLoaded', function () {
            early.forEach(show);
            var missing = [%s].filter(function (id) {
              var f = document.getElementById(id);
              return !(f && f.matches('figure.chart') && f.querySelector('svg'));
            });
            document.body.dataset.reportStatus = missing.length === 0 ? 'ok' : 'missing ' + missing.join(' ');
          });
        })();
        </script>
        """.formatted(ids);
  }
}
