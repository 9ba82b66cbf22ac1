package io.iotkit.template;

import com.github.mustachejava.DefaultMustacheFactory;
import com.github.mustachejava.DefaultMustacheVisitor;
import com.github.mustachejava.MustacheException;
import com.github.mustachejava.MustacheResolver;
import com.github.mustachejava.MustacheVisitor;
import com.github.mustachejava.TemplateContext;
import com.github.mustachejava.reflect.Guard;
import com.github.mustachejava.reflect.MissingWrapper;
import com.github.mustachejava.reflect.ReflectionObjectHandler;
import com.github.mustachejava.resolver.ClasspathResolver;
import com.github.mustachejava.resolver.FileSystemResolver;
import java.io.IOException;
import java.io.Reader;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.file.Path;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * The kit's one Mustache setup, which renders every page and document it writes: the report pages from the
 * classpath and the disclosure documents from the kit's {@code fdr-templates/} folder. A template holds the layout
 * (nothing but "if" and "for each"); its view holds every value already formatted.
 *
 * <p>Every value a template names goes through one encoder: {@link HtmlEscape} for HTML, or the Markdown one. A
 * template cannot write a value as it is: triple braces ({@code {{{name}}}}, {@code {{&name}}}) fail it, so no text
 * of a result or of a sponsor's files can become markup. A name the view does not have fails it too, instead of
 * Mustache's silent empty string, which would leave a blank where a figure belongs.
 *
 * <p>A template and its partials are looked for where the templates are, then in the classpath folder
 * {@value #SHARED}, which holds what every HTML page shares: its style sheet, {@code page-style}, and its list of
 * warnings, {@code warnings}.
 */
public final class Templates {
  /** The classpath folder of the partials every page and document shares. */
  static final String SHARED = "io/iotkit/template";

  private final String where;
  private final DefaultMustacheFactory factory;

  private Templates(String where, MustacheResolver resolver, UnaryOperator<String> encoder) {
    this.where = where;
    this.factory = factory(resolver, encoder);
  }

  /** HTML templates in the classpath folder {@code root} (e.g. {@code io/iotkit/report}). */
  public static Templates html(String root) {
    return new Templates(root, new ClasspathResolver(root), HtmlEscape::escape);
  }

  /**
   * HTML templates in {@code folder}; a value that is exactly {@code marked} is written as a
   * {@code <span class="markedClass">}, so that it stands out (the disclosure documents' "MISSING"). Being an
   * element, it is for templates that write values in element content only, never in a tag.
   */
  public static Templates html(Path folder, String marked, String markedClass) {
    String span = "<span class=\"" + HtmlEscape.escape(markedClass) + "\">" + HtmlEscape.escape(marked) + "</span>";
    return new Templates(folder.toString(), new FileSystemResolver(folder.toFile()),
        value -> value.equals(marked) ? span : HtmlEscape.escape(value));
  }

  /**
   * Markdown templates in {@code folder}. Values are written as they are, except what would break the layout: a
   * "|" would end a table cell and a line break a table row or list item.
   */
  public static Templates markdown(Path folder) {
    return new Templates(folder.toString(), new FileSystemResolver(folder.toFile()),
        value -> value.replace("|", "\\|").replaceAll("\\s*[\\r\\n]+\\s*", " "));
  }

  /**
   * Renders the template {@code name} (e.g. {@code run-report.mustache}) with {@code view}; its partials
   * ({@code {{> page-head}}}) are found beside it, or in {@value #SHARED}.
   *
   * @throws TemplateException when the template or a partial is missing or malformed, writes a value unescaped,
   *     or names something the view does not have
   */
  public String render(String name, Object view) {
    try {
      StringWriter out = new StringWriter();
      factory.compile(name).execute(out, view).flush();
      return out.toString();
    } catch (MustacheException | IOException | UncheckedIOException e) {
      throw new TemplateException(where + "/" + name, e);
    }
  }

  /** Every factory of the kit, configured here and nowhere else. */
  private static DefaultMustacheFactory factory(MustacheResolver resolver, UnaryOperator<String> encoder) {
    MustacheResolver shared = new ClasspathResolver(SHARED);
    DefaultMustacheFactory f = new DefaultMustacheFactory(name -> {
      Reader own = resolver.getReader(name);
      return own != null ? own : shared.getReader(name);
    }) {
      @Override
      public void encode(String value, Writer writer) {
        try {
          writer.write(encoder.apply(value));
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      }

      @Override
      public MustacheVisitor createMustacheVisitor() {
        return new EscapingOnly(this);
      }
    };
    f.setObjectHandler(new StrictNames());
    return f;
  }

  /** Refuses a value the template asks to write unescaped. */
  private static final class EscapingOnly extends DefaultMustacheVisitor {
    EscapingOnly(DefaultMustacheFactory factory) {
      super(factory);
    }

    @Override
    public void value(TemplateContext tc, String variable, boolean encoded) {
      if (!encoded) {
        throw new MustacheException("'" + variable + "' is written unescaped; every value must be escaped", tc);
      }
      super.value(tc, variable, encoded);
    }
  }

  /** Fails on a name the view does not have. */
  private static final class StrictNames extends ReflectionObjectHandler {
    @Override
    protected MissingWrapper createMissingWrapper(String name, List<Guard> guards) {
      throw new MustacheException("the template names '" + name + "', which its view does not have");
    }
  }
}
