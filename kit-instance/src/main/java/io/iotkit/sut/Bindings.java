package io.iotkit.sut;

import io.iotkit.binding.settings.BadPropertyException;
import io.iotkit.binding.BindingProvider;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.ServiceLoader;

/** Finds binding providers and loads binding properties. */
public final class Bindings {
  private Bindings() {
  }

  /** The provider named {@code name} among those visible to {@code loader}. */
  public static Optional<BindingProvider> find(String name, ClassLoader loader) {
    for (BindingProvider p : ServiceLoader.load(BindingProvider.class, loader)) {
      if (p.name().equals(name)) {
        return Optional.of(p);
      }
    }
    return Optional.empty();
  }

  /**
   * Loads a binding's provider from its own jars, in a class loader of its own under the driver's, so each
   * binding's libraries stay out of the driver's classpath.
   *
   * @param classpath the binding's jars and jar folders
   */
  public static Optional<BindingProvider> load(String name, List<Path> classpath) throws IOException {
    List<URL> urls = new ArrayList<>();
    for (Path p : classpath) {
      if (Files.isDirectory(p)) {
        try (Stream<Path> jars = Files.list(p)) {
          for (Path jar : jars.filter(j -> j.toString().endsWith(".jar")).sorted().toList()) {
            urls.add(jar.toUri().toURL());
          }
        }
      } else if (Files.isRegularFile(p)) {
        urls.add(p.toUri().toURL());
      }
    }
    if (urls.isEmpty()) {
      return Optional.empty();
    }
    return find(name, new URLClassLoader(urls.toArray(URL[]::new), Bindings.class.getClassLoader()));
  }

  /**
   * The sponsor's binding properties file (may be null: none), with the addresses of a server the kit started
   * laid over it.
   */
  public static Properties properties(Path file, Map<String, String> overrides) throws IOException {
    Properties p = new Properties();
    if (file != null) {
      try (InputStream in = Files.newInputStream(file)) {
        p.load(in);
      }
    }
    overrides.forEach(p::setProperty);
    return p;
  }

  /**
   * The one line of a bad binding property: the binding, the file (or that none was given), and the property's
   * own message, which names the key and what is wrong with its value.
   */
  public static String badPropertyLine(String binding, Path file, BadPropertyException e) {
    return binding + ": " + (file == null ? "built-in binding properties (no file)" : "binding properties " + file)
        + ": " + e.getMessage();
  }
}
