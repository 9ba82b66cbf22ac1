package io.iotkit.cli;

import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Help.Ansi;

/**
 * The options page of the docs, rendered from the command's own picocli model: the {@code --help} of the kit's
 * command and of each subcommand, at a fixed width. Because it is the help itself, the page cannot say anything
 * the command does not take; {@code CliReferenceTest} fails when the checked-in page differs from this rendering.
 */
public final class CliReference {
  /** Columns of the rendered help: wider than a terminal's default, for a page read in a browser. */
  static final int WIDTH = 100;

  private CliReference() {
  }

  /** docs/OPTIONS.md as the command's model renders it now. */
  public static String markdown() {
    CommandLine kit = new CommandLine(new RunCommand());
    kit.setUsageHelpAutoWidth(false);
    kit.setUsageHelpWidth(WIDTH);
    List<CommandLine> commands = new ArrayList<>(List.of(kit));
    commands.addAll(kit.getSubcommands().values());

    StringBuilder md = new StringBuilder();
    md.append("# Options\n\n")
        .append("This page answers: Which options and subcommands does `bin/tpcx-iot.sh` take, and what are their"
            + " defaults?\n\n")
        .append("Each section below is the `--help` of the command or of one subcommand, generated from the"
            + " command's own model, so it says what the kit takes and nothing else. Do not edit it by hand:"
            + " change the option's description in the code, then regenerate the page with\n"
            + "`mvn -B -pl kit-driver test -Dtest=CliReferenceTest -Dcli.reference.write=true`"
            + " (the test fails while the page and the code differ).\n\n")
        .append("Every subcommand also takes `-h, --help` and `-V, --version`; `--version` prints the kit's release"
            + " identity: its version and the commit it was built from (`with changes not committed` when the"
            + " checkout had some), the identity every run's documents carry.\n\n");
    for (CommandLine command : commands) {
      String name = command.getCommandSpec().qualifiedName();
      md.append("- [`").append(name).append("`](#").append(anchor(name)).append(")\n");
    }
    for (CommandLine command : commands) {
      md.append("\n## ").append(command.getCommandSpec().qualifiedName()).append("\n\n```text\n")
          .append(command.getUsageMessage(Ansi.OFF).stripTrailing()).append("\n```\n");
    }
    md.append("\nNext: [Stores](BINDINGS.md).\n");
    return md.toString();
  }

  /** The anchor GitHub gives a heading: lower case, spaces to hyphens, other punctuation but hyphens dropped. */
  static String anchor(String heading) {
    return heading.toLowerCase().replace(' ', '-').replaceAll("[^a-z0-9_-]", "");
  }
}
