package io.iotkit.template;

import com.github.mustachejava.DefaultMustacheFactory;
import com.github.mustachejava.Mustache;
import com.github.mustachejava.MustacheException;
import com.github.mustachejava.reflect.Guard;
import com.github.mustachejava.reflect.MissingWrapper;
import com.github.mustachejava.reflect.ReflectionObjectHandler;
import java.io.StringWriter;
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
    DefaultMustacheFactory factory = new DefaultMustacheFactory(root);
    factory.setObjectHandler(new StrictNames());
    try {
      Mustache m = factory.compile(name);
      StringWriter out = new StringWriter();
      m.execute(out, view).flush();
      return out.toString();
    } catch (MustacheException | java.io.IOException e) {
      throw new IllegalStateException("template " + root + "/" + name + " cannot be rendered: " + e.getMessage(), e);
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
