package io.iotkit.disclosure;

import io.iotkit.model.RunResult;
import io.iotkit.result.RunFolder;
import io.iotkit.template.TemplateException;
import io.iotkit.template.Templates;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Renders the full disclosure report and the executive summary of docs/PROTOCOL.md §6 from a {@link RunResult}, each as
 * Markdown and as self-contained HTML, from the Mustache templates in the kit's {@code fdr-templates/} folder.
 *
 * <p>What the sponsor has not described shows as "MISSING" where it belongs and is listed in a "Missing
 * information" section at the top of each document; nothing is made up to fill it.
 */
public final class Disclosure {
  /** The documents: output file and the template it is rendered from, in the order they are written. */
  private static final List<Document> DOCUMENTS = List.of(
      new Document("fdr.md", "full-disclosure-report.md.mustache", false),
      new Document("fdr.html", "full-disclosure-report.html.mustache", true),
      new Document("executive-summary.md", "executive-summary.md.mustache", false),
      new Document("executive-summary.html", "executive-summary.html.mustache", true));

  /** The digests the run's file check computed, written into the run folder by the run protocol. */
  static final String DIGESTS_FILE = "kit-files.sha256";

  private Disclosure() {
  }

  private record Document(String output, String template, boolean html) {
  }

  /**
   * Writes fdr.md, fdr.html, executive-summary.md and executive-summary.html into the run folder, each whole
   * or not at all.
   *
   * @param templatesDir the folder with the four templates (the kit's fdr-templates/)
   * @return the files written, in that order
   * @throws IOException when a template is missing or malformed, or a file cannot be written; the message is
   *     one line fit for the user
   */
  public static List<Path> write(RunFolder folder, RunResult r, Path templatesDir) throws IOException {
    List<Path> written = new ArrayList<>();
    for (var d : render(folder.dir(), r, templatesDir).entrySet()) {
      written.add(folder.writeAtomically(d.getKey(), d.getValue()));
    }
    return written;
  }

  /**
   * The four documents as {@link #write} writes them, by file name in that order, rendered from the run's result
   * and the kit file digests in its folder.
   */
  public static Map<String, String> render(Path runDir, RunResult r, Path templatesDir) throws IOException {
    FdrView model = FdrView.of(r, digests(runDir));
    // The HTML documents mark "MISSING" so that it stands out; the Markdown ones show it as it is.
    Templates html = Templates.html(templatesDir, FdrFormat.MISSING, "missing");
    Templates markdown = Templates.markdown(templatesDir);
    Map<String, String> documents = new LinkedHashMap<>();
    for (Document d : DOCUMENTS) {
      documents.put(d.output(), render(templatesDir, d.html() ? html : markdown, d.template(), model));
    }
    return documents;
  }

  /**
   * What the sponsor has left out: the paths of the empty fields of the system description (every one when the
   * run had none), and the pricing file when the run had none. Empty when the documents are complete.
   */
  public static List<String> missingFields(RunResult r) {
    return SponsorFields.missing(r.system(), r.pricing());
  }

  /** Renders one template of {@code templates}, found in {@code templatesDir}, with the model. */
  private static String render(Path templatesDir, Templates templates, String template, FdrView model)
      throws IOException {
    Path file = templatesDir.resolve(template);
    if (!Files.isRegularFile(file)) {
      throw new NoSuchFileException(file.toString(), null, "FDR template not found");
    }
    try {
      return templates.render(template, model);
    } catch (TemplateException e) {
      throw new IOException("FDR " + e.getMessage(), e);
    }
  }

  /** The run folder's file digests, one "digest  path" line each; null when the folder has none. */
  private static List<String> digests(Path runDir) throws IOException {
    Path f = runDir.resolve(DIGESTS_FILE);
    if (!Files.isRegularFile(f)) {
      return null;
    }
    return Files.readAllLines(f, StandardCharsets.UTF_8).stream().filter(l -> !l.isBlank()).toList();
  }
}
