package io.iotkit.cli;

import io.iotkit.model.KitRelease;
import java.nio.file.Path;
import picocli.CommandLine.IVersionProvider;

/** What {@code --version} prints: the kit's release identity, the same one every document carries. */
public final class KitVersion implements IVersionProvider {
  @Override
  public String[] getVersion() {
    return new String[] {"IoT gateway benchmark kit " + KitRelease.of(Path.of(System.getProperty("kit.home", ".")))
        .text()};
  }
}
