package io.iotkit.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * --pricing and --system: a bad sponsor file is bad input, exit 2, with a line per bad field of both files at once,
 * before any binding is loaded or run folder made.
 */
class SponsorFileOptionsTest {
  @TempDir
  Path kit;

  @Test
  void everyBadFieldOfBothFilesIsSaidAtOnceAndTheRunDoesNotStart() throws Exception {
    Path pricing = Files.writeString(kit.resolve("pricing.json"), "{\"currency\": \"USD\", \"lineItems\": ["
        + "{\"description\": \"server\", \"unitPrice\": 100, \"quantity\": -3, \"availabilityDate\": \"2026-01-01\"}"
        + "]}");
    Path system = Files.writeString(kit.resolve("system.json"), "{\"sponser\": \"ACME\", \"hardware\": {\"nodes\":"
        + " [{\"count\": 0}]}}");
    Path results = kit.resolve("results");

    PrintStream err = System.err;
    ByteArrayOutputStream captured = new ByteArrayOutputStream();
    System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
    int code;
    try {
      // a binding the kit's folder does not hold: the files are read before the binding is loaded
      code = Main.execute("--kit-home", kit.toString(), "-b", "null", "-p", "1", "-k", "10", "--pricing",
          pricing.toString(), "--system", system.toString(), "--results", results.toString());
    } finally {
      System.setErr(err);
    }
    String stderr = captured.toString(StandardCharsets.UTF_8);
    assertEquals(2, code, stderr);
    assertEquals(List.of(
        "tpcx-iot.sh: pricing file " + pricing + " has 1 bad field (docs/SPONSOR-FILES.md describes each):",
        pricing + ": lineItems[0].quantity: must be an integer >= 1, was -3",
        "system description file " + system + " has 2 bad fields (docs/SPONSOR-FILES.md describes each):",
        system + ": hardware.nodes[0].count: must be an integer >= 1 or null, was 0",
        system + ": sponser: is not a field here; the fields here are sponsor, systemName, reportDate, auditor,"
            + " hardware, pricedHardware, software, tunables, compilerOptions, dataLayout,"
            + " pricedConfigurationDifferences"),
        stderr.lines().toList());
    assertFalse(Files.exists(results), "no run folder: the files are checked before the run");
  }
}
