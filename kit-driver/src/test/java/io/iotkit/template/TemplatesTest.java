package io.iotkit.template;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The one Mustache setup: every value escaped by the one escaper, no way to write one unescaped, and every template
 * of the kit (the report pages, the shared partials, the disclosure documents) written so that escaping suffices.
 */
class TemplatesTest {
  /** Every folder of templates the kit has, relative to kit-driver. */
  private static final List<Path> FOLDERS = List.of(Path.of("src", "main", "resources", "io", "iotkit", "report"),
      Path.of("src", "main", "resources", "io", "iotkit", "template"), Path.of("..", "fdr-templates"));

  record View(String name) {
  }

  private static List<Path> templates() throws IOException {
    List<Path> all = new ArrayList<>();
    for (Path folder : FOLDERS) {
      try (Stream<Path> files = Files.list(folder)) {
        files.filter(f -> f.toString().endsWith(".mustache")).sorted().forEach(all::add);
      }
    }
    assertTrue(all.size() > 10, "templates found: " + all);
    return all;
  }

  @Test
  void theEscaperWritesTheFiveCharactersThatEndTextOrAQuotedAttribute() {
    assertEquals("&lt;b&gt; &amp; &quot;q&quot; &#39;s&#39; = `", HtmlEscape.escape("<b> & \"q\" 's' = `"));
    assertEquals("plain 1,234.5 M1.0 2.0", HtmlEscape.escape("plain 1,234.5 M1.0 2.0"));
  }

  @Test
  void valuesAreEscapedAndMarkedOnesStandOut(@TempDir Path dir) throws IOException {
    Files.writeString(dir.resolve("t.mustache"), "<p title=\"{{name}}\">{{name}}</p>");
    assertEquals("<p title=\"a &lt;b&gt; &amp; &#39;c&#39;\">a &lt;b&gt; &amp; &#39;c&#39;</p>",
        Templates.html(dir, "MISSING", "missing").render("t.mustache", new View("a <b> & 'c'")));
    Files.writeString(dir.resolve("u.mustache"), "<p>{{name}}</p>");
    assertEquals("<p><span class=\"missing\">MISSING</span></p>",
        Templates.html(dir, "MISSING", "missing").render("u.mustache", new View("MISSING")));
    assertEquals("<p>a \\| b c</p>", Templates.markdown(dir).render("u.mustache", new View("a | b\n c")));
  }

  @Test
  void aTemplateCannotWriteAValueUnescaped(@TempDir Path dir) throws IOException {
    Files.writeString(dir.resolve("triple.mustache"), "<p>{{{name}}}</p>");
    Files.writeString(dir.resolve("ampersand.mustache"), "<p>{{& name}}</p>");
    for (String t : List.of("triple.mustache", "ampersand.mustache")) {
      TemplateException e = assertThrows(TemplateException.class,
          () -> Templates.html(dir, "MISSING", "missing").render(t, new View("<b>")));
      assertTrue(e.getMessage().contains(t) && e.getMessage().contains("unescaped"), e.getMessage());
    }
  }

  @Test
  void aNameTheViewLacksFailsInOneLine(@TempDir Path dir) throws IOException {
    Files.writeString(dir.resolve("t.mustache"), "{{nmae}}\n");
    TemplateException e = assertThrows(TemplateException.class,
        () -> Templates.markdown(dir).render("t.mustache", new View("x")));
    assertTrue(e.getMessage().contains("nmae"), e.getMessage());
    assertFalse(e.getMessage().contains("\n"), e.getMessage());
  }

  @Test
  void theSharedStyleSheetIsFoundFromEveryFolder(@TempDir Path dir) throws IOException {
    Files.writeString(dir.resolve("t.mustache"), "<style>\n{{> page-style}}\n</style>\n");
    String page = Templates.html(dir, "MISSING", "missing").render("t.mustache", new View("x"));
    assertTrue(page.contains(".missing {") && page.contains("figure.chart {"), page);
  }

  @Test
  void noTemplateOfTheKitHasTripleBraces() throws IOException {
    for (Path t : templates()) {
      String text = Files.readString(t);
      assertFalse(text.contains("{{{") || text.contains("{{&"), t + " writes a value unescaped");
    }
  }

  /**
   * Inside a start tag, a value stands only in a quoted attribute value, where the escaper's five characters are all
   * that can end it: an unquoted one would end at a space, "=" or "`", which the escaper leaves as they are. The
   * disclosure documents' HTML has no value in a tag at all, as its marked "MISSING" is an element.
   */
  @Test
  void everyValueInATagIsInAQuotedAttribute() throws IOException {
    for (Path t : templates()) {
      String text = Files.readString(t);
      boolean marked = t.toString().endsWith(".html.mustache");
      for (int open = text.indexOf('<'); open >= 0; open = text.indexOf('<', open + 1)) {
        if (open + 1 < text.length() && Character.isLetter(text.charAt(open + 1))) {
          checkTag(t, text, open, marked);
        }
      }
    }
  }

  /** Walks one start tag from its "<" to its ">", keeping track of quotes outside Mustache tags. */
  private static void checkTag(Path t, String text, int open, boolean noValues) {
    char quote = 0;
    for (int i = open + 1; i < text.length(); i++) {
      if (text.startsWith("{{", i)) {
        int end = text.indexOf("}}", i);
        boolean value = "#^/!>".indexOf(text.charAt(i + 2)) < 0;
        String tag = text.substring(open, end + 2);
        assertFalse(value && quote == 0, t + ": " + tag + " has a value outside quotes");
        assertFalse(value && noValues, t + ": " + tag + " has a value in a tag");
        i = end + 1;
      } else if (quote == 0 && (text.charAt(i) == '"' || text.charAt(i) == '\'')) {
        quote = text.charAt(i);
      } else if (quote != 0 && text.charAt(i) == quote) {
        quote = 0;
      } else if (quote == 0 && text.charAt(i) == '>') {
        return;
      }
    }
  }
}
