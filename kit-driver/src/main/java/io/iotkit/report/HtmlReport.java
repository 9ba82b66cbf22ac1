package io.iotkit.report;

import io.iotkit.model.ResultView;
import io.iotkit.model.RunResult;
import java.util.List;

/**
 * The run report as one self-contained HTML page (inline style and SVG charts, no external resources), rendered
 * from a {@link RunResult} alone: headline metrics and compliance, every check, the iterations' figures, and
 * charts of ingest rate, resource usage, query latency, and per-substation ingest ({@link RunCharts}). What the
 * result may lack is settled once by {@link ResultView}; the page's layout is {@code run-report.mustache}, its
 * values {@link RunReportView}.
 */
public final class HtmlReport {
  public static final String CHART_INGEST_RATE = "chart-ingest-rate";
  public static final String CHART_RESOURCES = "chart-resources";
  public static final String CHART_QUERY_LATENCY = "chart-query-latency";
  public static final String CHART_QUERY_TEMPLATES = "chart-query-templates";
  public static final String CHART_LATENCY_DISTRIBUTION = "chart-latency-distribution";
  public static final String CHART_SUBSTATION_INGEST = "chart-substation-ingest";
  public static final String CHART_SENSOR_RATE = "chart-sensor-rate";
  /** The id of every chart figure the report has, in page order; each is a {@code figure.chart} with an SVG. */
  public static final List<String> CHART_IDS = List.of(CHART_INGEST_RATE, CHART_RESOURCES, CHART_QUERY_LATENCY,
      CHART_QUERY_TEMPLATES, CHART_LATENCY_DISTRIBUTION, CHART_SUBSTATION_INGEST, CHART_SENSOR_RATE);

  private HtmlReport() {
  }

  public static String render(RunResult r) {
    return PageFrame.TEMPLATES.render("run-report.mustache", RunReportView.of(r));
  }
}
