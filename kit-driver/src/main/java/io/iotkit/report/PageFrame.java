package io.iotkit.report;

import io.iotkit.template.Templates;
import java.util.List;

/**
 * What every report page's frame shows (the {@code page-head} and {@code page-foot} templates): its title, and
 * the ids of the chart figures its self-check expects to find holding an SVG. The frame has inline style and
 * one script, and nothing on a page refers to another file or a network address, so a report opens the same
 * from a results folder, an e-mail attachment, or a machine without network.
 */
record PageFrame(String title, String chartIds) {
  /** The report pages' templates and their partials, in the classpath folder io/iotkit/report. */
  static final Templates TEMPLATES = Templates.html("io/iotkit/report");

  static PageFrame of(String title, List<String> chartIds) {
    return new PageFrame(title, String.join(" ", chartIds));
  }
}
