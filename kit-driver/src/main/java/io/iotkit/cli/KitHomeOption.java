package io.iotkit.cli;

import io.iotkit.model.KitLayout;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * The kit's own folder, which every command reads its templates, workloads and manifest from: set by the launcher
 * script (as the system property {@code kit.home}), hidden from the help, declared once as a picocli mixin.
 */
final class KitHomeOption {
  @Option(names = "--kit-home", hidden = true, defaultValue = "${sys:kit.home:-.}")
  Path home;

  KitLayout layout() {
    return new KitLayout(home);
  }
}
