package io.iotkit.template;

import com.github.mustachejava.DefaultMustacheFactory;
import com.github.mustachejava.Mustache;
import com.github.mustachejava.MustacheException;
import com.github.mustachejava.reflect.Guard;
import com.github.mustachejava.reflect.MissingWrapper;
import com.github.mustachejava.reflect.ReflectionObjectHandler;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.List;

/**
 * The one way the kit writes its HTML pages: a Mustache template that holds the layout (and nothing but "if" and
 * "for each"), rendered with a view object that holds every value already formatted. Values are HTML-escaped;
 * only a value the template asks for with triple braces (a chart's SVG, built by the kit) goes in as it is.
 */
public final class Templates {
  private Templates() {
  }

  /**
   * Renders the template {@code name} found on the classpath under {@code root} (e.g. {@code io/iotkit/report});
   * its partials ({@code {{> page-head}}}) are found there too.
   *
   * @throws IllegalStateException when the template is missing or names something the view does not have: a
   *     defect of the kit, not of its input
   */
  public static String render(String root, String name, Object view) {
    DefaultMustacheFactory factory = new EscapingFactory(root);
    factory.setObjectHandler(new StrictNames());
    try {
      Mustache m = factory.compile(name);
      StringWriter out = new StringWriter();
      m.execute(out, view).flush();
      return out.toString();
    } catch (MustacheException | IOException | UncheckedIOException e) {
      throw new IllegalStateException("template " + root + "/" + name + " cannot be rendered: " + e.getMessage(), e);
    }
  }

  /**
   * Escapes the five characters that matter in element content and quoted attributes, and nothing else, so a page
   * reads ">= 1800 s" in its source as in the browser (Mustache's own escaper also writes "=" and "`" as entities).
   */
  private static final class EscapingFactory extends DefaultMustacheFactory {
    EscapingFactory(String root) {
      super(root);
    }

    @Override
    public void encode(String value, Writer writer) {
      try {
        for (int i = 0; i < value.length(); i++) {
          char c = value.charAt(i);
          switch (c) {
            case '&' -> writer.write("&amp;");
            case '<' -> writer.write("&lt;");
            case '>' -> writer.write("&gt;");
            case '"' -> writer.write("&quot;");
            case '\'' -> writer.write("&#39;");
            default -> writer.write(c);
          }
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }

  /**
   * Fails on a name the view does not have, instead of Mustache's silent empty string: a misspelt name in a
   * template would otherwise leave a blank where a figure belongs.
   */
  public static final class StrictNames extends ReflectionObjectHandler {
    @Override
    protected MissingWrapper createMissingWrapper(String name, List<Guard> guards) {
      throw new MustacheException("the template names '" + name + "', which its view does not have");
    }
  }
}
