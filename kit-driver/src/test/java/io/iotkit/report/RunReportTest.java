package io.iotkit.report;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class RunReportTest {
  @Test
  void eachTemplatesReadAmplificationIsListed() {
    String text = RunReport.render(SampleRuns.completed());
    assertTrue(text.contains("read amplification (records the store read / readings aggregated):"), text);
    // SampleRuns: the store reads each window exactly, COUNT's a tenth more
    assertTrue(text.matches("(?s).*\n  query max +1\\.00× \\([0-9,]+ read / [0-9,]+ aggregated\\)\n.*"), text);
    assertTrue(text.matches("(?s).*\n  query count +1\\.10× \\([0-9,]+ read / [0-9,]+ aggregated\\)\n.*"), text);
  }
}
