package io.iotkit.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iotkit.disclosure.Disclosure;
import io.iotkit.model.Arrivals;
import io.iotkit.model.Json;
import io.iotkit.model.RunInputs;
import io.iotkit.model.RunResult;
import io.iotkit.result.RunFolder;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A load study's run (--kvp-bytes, --rate with --arrivals) says so in result.json and every report. */
class LoadStudyReportTest {

  private static RunResult withLoad(RunResult r, int kvpBytes, long rate, Arrivals arrivals) {
    RunInputs in = r.inputs();
    RunInputs changed = new RunInputs(in.substations(), in.kvps(), kvpBytes, in.binding(), in.threads(),
        in.sutNodes(), in.strict(), in.bindingProperties(), in.pricing(), in.systemDescription(),
        in.instanceJvmOptions(), in.hosts(), rate, arrivals, in.noQueries(), in.givenProperties(), in.sutCpus(),
        in.sutMemoryBytes(), null);
    return new RunResult(r.kitVersion(), r.runId(), r.status(), r.abortReason(), r.started(), r.finished(), changed,
        r.environment(), r.system(), r.sut(), r.sutSettings(), r.prerequisites(), r.iterations(), r.cleanup(),
        r.metrics(), r.pricing(), r.compliant(), r.reasons(), r.driverHosts(), r.sutOutages());
  }

  @Test
  void textHtmlAndFdrShowTheKvpSizeAndTheArrivalsBesideTheRate(@TempDir Path dir) throws Exception {
    RunResult study = withLoad(SampleRuns.completed(), 64 + 36, 5_000, Arrivals.GAUSSIAN);
    String text = RunReport.render(study);
    assertTrue(text.contains("paced at 5,000 kvps/s per instance, gaussian arrivals, 100-byte kvps"), text);
    String html = HtmlReport.render(study);
    assertTrue(html.contains("paced at 5,000 kvps/s per instance, gaussian arrivals"), html);
    assertTrue(html.contains("100 bytes (--kvp-bytes: a trial run)"), html);
    Disclosure.write(RunFolder.of(dir), study, Path.of("..", "fdr-templates"));
    String fdr = Files.readString(dir.resolve("fdr.md"));
    assertTrue(fdr.contains("| Bytes per kvp | 100 (--kvp-bytes: a trial run) |"), fdr);
    assertTrue(fdr.contains("| Load | paced at 5,000 kvps/s per instance, gaussian arrivals (--rate: a trial run) |"),
        fdr);
    assertTrue(Files.readString(dir.resolve("fdr.html")).contains("gaussian arrivals"));
  }

  @Test
  void aCompliantLoadSaysNothingOfPacingOrSize(@TempDir Path dir) throws Exception {
    RunResult plain = SampleRuns.completed();
    String text = RunReport.render(plain);
    assertFalse(text.contains("paced"), text);
    assertFalse(text.contains("-byte kvps"), text);
    assertTrue(HtmlReport.render(plain).contains("1,024 bytes</td>"));
    Disclosure.write(RunFolder.of(dir), plain, Path.of("..", "fdr-templates"));
    String fdr = Files.readString(dir.resolve("fdr.md"));
    assertTrue(fdr.contains("| Bytes per kvp | 1,024 |"), fdr);
    assertTrue(fdr.contains("| Load | unpaced (as fast as the SUT takes readings) |"), fdr);
  }

  @Test
  void resultJsonKeepsBothAndOlderResultsReadAs1KbFixed() throws Exception {
    RunResult study = withLoad(SampleRuns.completed(), 10_240, 800, Arrivals.GAUSSIAN);
    String json = new String(Json.bytes(study), java.nio.charset.StandardCharsets.UTF_8);
    assertTrue(json.contains("\"kvpBytes\" : 10240"), json);
    assertTrue(json.contains("\"arrivals\" : \"gaussian\""), json);
    RunInputs back = Json.parse(json, RunResult.class).inputs();
    assertEquals(10_240, back.kvpBytes());
    assertEquals(Arrivals.GAUSSIAN, back.arrivals());
    // a result.json of a kit before the options has neither field
    String old = json.replace("\"kvpBytes\" : 10240,", "").replace("\"arrivals\" : \"gaussian\",", "")
        .replaceAll(",\\s*\"kvpBytesMax\" : 10240", "");
    assertFalse(old.contains("kvpBytes") || old.contains("arrivals"), old);
    RunInputs older = Json.parse(old, RunResult.class).inputs();
    assertEquals(1024, older.kvpBytes());
    assertEquals(Arrivals.FIXED, older.arrivals());
  }
}
