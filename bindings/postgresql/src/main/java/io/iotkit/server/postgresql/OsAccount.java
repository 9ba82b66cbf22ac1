package io.iotkit.server.postgresql;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.GroupPrincipal;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.UserPrincipal;
import java.nio.file.attribute.UserPrincipalLookupService;
import java.util.ArrayList;
import java.util.List;

/**
 * The operating-system account PostgreSQL's programs run as. PostgreSQL refuses to run as root; where the
 * launcher is root (a CI machine, a container), it runs them as Debian's {@code postgres} account through
 * util-linux's setpriv, owning the data folders, and keeps for them only the right to look up paths
 * (CAP_DAC_READ_SEARCH, an ambient capability), since the run folder may sit under folders only root may enter.
 * Elsewhere they run as the launcher's own user, and nothing changes hands.
 */
final class OsAccount {
  /** Debian's package creates it. */
  static final String POSTGRES = "postgres";
  private static final String SETPRIV = "/usr/bin/setpriv";

  private final boolean root;

  private OsAccount(boolean root) {
    this.root = root;
  }

  /** @throws IOException (one line) when the launcher is root and there is no account to run PostgreSQL as */
  static OsAccount current() throws IOException {
    boolean root = ((Integer) Files.getAttribute(Path.of("/proc/self"), "unix:uid")) == 0;
    if (root) {
      if (!Files.isExecutable(Path.of(SETPRIV))) {
        throw new IOException("running as root, and " + SETPRIV + " (util-linux) is missing to run PostgreSQL as '"
            + POSTGRES + "'");
      }
      lookup().lookupPrincipalByName(POSTGRES); // an IOException (UserPrincipalNotFoundException) if missing
    }
    return new OsAccount(root);
  }

  boolean root() {
    return root;
  }

  /** {@code program} with its arguments as PostgreSQL must run: as {@code postgres} when the launcher is root. */
  List<String> command(List<String> program) {
    if (!root) {
      return program;
    }
    List<String> c = new ArrayList<>(List.of(SETPRIV, "--reuid=" + POSTGRES, "--regid=" + POSTGRES,
        "--clear-groups", "--inh-caps=+dac_read_search", "--ambient-caps=+dac_read_search"));
    c.addAll(program);
    return c;
  }

  /** Creates {@code dir} (and parents) and, as root, hands it to {@code postgres}, which will write in it. */
  void ownedFolder(Path dir) throws IOException {
    Files.createDirectories(dir);
    handOver(dir);
  }

  /** As root, gives {@code file} to {@code postgres}; otherwise nothing. */
  void handOver(Path file) throws IOException {
    if (root) {
      PosixFileAttributeView view = Files.getFileAttributeView(file, PosixFileAttributeView.class,
          LinkOption.NOFOLLOW_LINKS);
      UserPrincipal user = lookup().lookupPrincipalByName(POSTGRES);
      GroupPrincipal group = lookup().lookupPrincipalByGroupName(POSTGRES);
      view.setOwner(user);
      view.setGroup(group);
    }
  }

  private static UserPrincipalLookupService lookup() {
    return Path.of("/").getFileSystem().getUserPrincipalLookupService();
  }
}
