package io.iotkit.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * The docs stay true to the kit: every link of the README and docs/ points at a file that exists, every
 * subcommand and option they show on a {@code tpcx-iot.sh} command line, name in prose or list in a table of
 * options, is one the command takes, and every binding property they name, or the shipped properties files list, is one a binding
 * reads.
 */
class DocsTest {
  private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s#]+)(#[^)]*)?\\)|src=\"([^\"]+)\"");
  private static final Pattern SPAN = Pattern.compile("`([^`]+)`");
  /** The kit's command as typed: its name, one space, then what follows (a listing's aligned columns are not). */
  private static final Pattern COMMAND = Pattern.compile("tpcx-iot\\.sh( [^ `|][^`|]*)");
  private static final Pattern OPTION = Pattern.compile("(?<![\\w-])(--[a-z][a-z0-9-]*)");
  private static final Pattern TABLE_OPTION = Pattern.compile("^\\| `(?:-\\w, )?(--[a-z][a-z0-9-]*)");
  private static final String BINDINGS = "hbase|mysql|postgresql|kafka|mqtt|influxdb|mongodb|dynamodb";
  /** A binding property in a code span: {@code `mysql.batch.size`}, or {@code `mysql.batch.size=10`}. */
  private static final Pattern DOC_PROPERTY = Pattern.compile("`((?:" + BINDINGS + ")\\.[a-z0-9_.-]*[a-z0-9])[`=]");
  /** A key of a shipped properties file, set or commented out: {@code #kafka.topic.partitions=16}. */
  private static final Pattern FILE_PROPERTY = Pattern.compile("^#?((?:" + BINDINGS + "|iot)\\.[a-z0-9_.-]*)=");
  private static final Pattern LITERAL = Pattern.compile("\"([a-z][a-z0-9_.-]*)\"");

  @Test
  void everyLinkPointsAtAFileThatExists() throws IOException {
    List<String> broken = new ArrayList<>();
    for (Path doc : docs()) {
      Matcher m = LINK.matcher(Files.readString(doc));
      while (m.find()) {
        String target = m.group(1) != null ? m.group(1) : m.group(3);
        if (!target.matches("^[a-z]+:.*") && !Files.exists(doc.getParent().resolve(target))) {
          broken.add(root().relativize(doc) + ": " + target);
        }
      }
    }
    assertEquals(List.of(), broken, "links to nothing");
  }

  @Test
  void everyCommandAndOptionTheDocsShowExists() throws IOException {
    CommandLine kit = new CommandLine(new RunCommand());
    Set<String> options = new TreeSet<>();
    collect(kit, options);
    Set<String> subcommands = kit.getSubcommands().keySet();
    List<String> unknown = new ArrayList<>();
    for (Path doc : docs()) {
      boolean fenced = false;
      for (String line : Files.readAllLines(doc)) {
        if (line.startsWith("```")) {
          fenced = !fenced;
          continue;
        }
        // in a code block, only the lines that are the command; elsewhere, the code spans
        String typed = fenced ? (line.strip().matches("(bin/)?tpcx-iot\\.sh .*") ? line : "")
            : String.join(" ", codeSpans(line));
        Matcher command = COMMAND.matcher(typed);
        while (command.find()) {
          String[] words = command.group(1).trim().split("\\s+");
          if (words.length > 0 && words[0].matches("[a-z]+") && !subcommands.contains(words[0])) {
            unknown.add(root().relativize(doc) + ": subcommand " + words[0]);
          }
          // on a command line, an option must be one of the command it is given to (or of a command above it)
          check(doc, command.group(1), optionsOn(kit, words), unknown);
        }
        if (!fenced) {
          // an option in prose (`--sut-nodes 3`): any command's; a subcommand written without the script
          // (`plan -b kafka --sut-nodes 3`): that subcommand's
          for (String span : codeSpans(line)) {
            String text = span.substring(1, span.length() - 1);
            if (text.startsWith("--")) {
              check(doc, text, options, unknown);
            } else if (subcommands.contains(text.split(" ")[0])) {
              check(doc, text, optionsOn(kit, text.split("\\s+")), unknown);
            }
          }
        }
        Matcher row = TABLE_OPTION.matcher(line);
        if (row.find() && !options.contains(row.group(1))) {
          unknown.add(root().relativize(doc) + ": " + row.group(1));
        }
      }
    }
    assertEquals(List.of(), unknown, "named in the docs, not taken by the command shown (or by any, in prose)");
    assertTrue(options.contains("--pin-cpus") && options.contains("--substations"), options.toString());
  }

  @Test
  void everyBindingPropertyTheDocsNameIsOneABindingReads() throws IOException {
    List<Path> files = new ArrayList<>(docs());
    try (Stream<Path> props = Files.list(root().resolve("workloads"))) {
      props.filter(p -> p.toString().endsWith(".properties")).sorted().forEach(files::add);
    }
    List<String> unread = new ArrayList<>();
    Map<String, Set<String>> literals = new HashMap<>();
    int named = 0;
    for (Path file : files) {
      for (String line : Files.readAllLines(file)) {
        Matcher m = (file.toString().endsWith(".md") ? DOC_PROPERTY : FILE_PROPERTY).matcher(line);
        while (m.find()) {
          named++;
          if (!read(m.group(1), literals)) {
            unread.add(root().relativize(file) + ": " + m.group(1));
          }
        }
      }
    }
    assertEquals(List.of(), unread, "named in the docs, read by no binding");
    assertTrue(named > 100, "properties found in the docs: " + named);
  }

  /**
   * Whether a binding reads {@code property}: its name is a string in the binding's code (or in the kit's, for the
   * {@code iot.} settings every instance reads), whole, as the part after the binding's prefix (the JDBC bindings
   * compose their names), or under a family the binding passes on (e.g. {@code kafka.topic.config.}). The HBase and
   * Kafka bindings hand every other name of their prefix to the store's own client configuration, which checks it.
   */
  private static boolean read(String property, Map<String, Set<String>> byBinding) throws IOException {
    String binding = property.substring(0, property.indexOf('.'));
    String rest = property.substring(binding.length() + 1);
    if (!byBinding.containsKey(binding)) {
      byBinding.put(binding, literals(binding));
    }
    Set<String> literals = byBinding.get(binding);
    boolean kitOwn = rest.startsWith("topic.") || rest.startsWith("query.") || rest.equals("table")
        || rest.equals("batch.size");
    return literals.contains(property) || literals.contains(rest)
        || literals.stream().anyMatch(l -> l.endsWith(".") && l.length() > binding.length() + 1
            && property.startsWith(l))
        || (binding.equals("hbase") || binding.equals("kafka")) && !kitOwn;
  }

  /**
   * The string literals of the binding's main code (and the shared JDBC binding's), the kit API's, the instance's
   * (where the workload reads its {@code iot.} settings) and the master's.
   */
  private static Set<String> literals(String binding) throws IOException {
    List<Path> dirs = new ArrayList<>(List.of(root().resolve("kit-api/src/main/java"),
        root().resolve("kit-instance/src/main/java"), root().resolve("kit-driver/src/main/java")));
    if (!binding.equals("iot")) {
      dirs.add(root().resolve("bindings/" + binding + "/src/main/java"));
    }
    if (binding.equals("mysql") || binding.equals("postgresql")) {
      dirs.add(root().resolve("bindings/jdbc/src/main/java"));
    }
    Set<String> literals = new TreeSet<>();
    for (Path dir : dirs) {
      try (Stream<Path> sources = Files.walk(dir)) {
        for (Path source : sources.filter(p -> p.toString().endsWith(".java")).toList()) {
          Matcher m = LITERAL.matcher(Files.readString(source));
          while (m.find()) {
            literals.add(m.group(1));
          }
        }
      }
    }
    return literals;
  }

  /** The line's code spans, `like this`, each as one string: where the docs show a command as typed. */
  private static List<String> codeSpans(String line) {
    List<String> spans = new ArrayList<>();
    Matcher m = SPAN.matcher(line);
    while (m.find()) {
      spans.add("`" + m.group(1) + "`");
    }
    return spans;
  }

  private static void check(Path doc, String text, Set<String> taken, List<String> unknown) {
    Matcher option = OPTION.matcher(text);
    while (option.find()) {
      if (!taken.contains(option.group(1))) {
        unknown.add(root().relativize(doc) + ": " + option.group(1));
      }
    }
  }

  /** The options of the command that {@code words} name (its subcommands walked down) and of those above it. */
  private static Set<String> optionsOn(CommandLine kit, String[] words) {
    CommandLine at = kit;
    Set<String> taken = new TreeSet<>(at.getCommandSpec().optionsMap().keySet());
    for (String w : words) {
      CommandLine sub = at.getSubcommands().get(w);
      if (sub != null) {
        at = sub;
        taken.addAll(at.getCommandSpec().optionsMap().keySet());
      }
    }
    return taken;
  }

  private static void collect(CommandLine command, Set<String> into) {
    command.getCommandSpec().options().forEach(o -> into.addAll(List.of(o.names())));
    command.getSubcommands().values().forEach(sub -> collect(sub, into));
  }

  /**
   * README.md and every page under docs/, but not the documents of the example run folders under docs/examples/
   * (a run's FDR and executive summary are the kit's output, as that run wrote them).
   */
  private static List<Path> docs() throws IOException {
    List<Path> all = new ArrayList<>(List.of(root().resolve("README.md")));
    Path examples = root().resolve("docs/examples");
    try (Stream<Path> pages = Files.walk(root().resolve("docs"))) {
      pages.filter(p -> p.toString().endsWith(".md"))
          .filter(p -> !p.startsWith(examples) || p.getParent().equals(examples))
          .sorted().forEach(all::add);
    }
    return all;
  }

  /** The checkout: the parent of this module's folder, where the tests run. */
  private static Path root() {
    Path root = Path.of("").toAbsolutePath().getParent();
    assertTrue(Files.isRegularFile(root.resolve("README.md")), "run from a module of the checkout: " + root);
    return root;
  }
}
