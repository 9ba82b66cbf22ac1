package io.iotkit.cli;

import io.iotkit.hosts.DriverHosts;
import io.iotkit.hosts.HostList;
import io.iotkit.hosts.Ssh;
import io.iotkit.model.KitLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * The driver-host options a run and a plan share ({@code --hosts} and what goes with it), declared once as a
 * picocli mixin, and the plan they make.
 */
final class DriverHostOptions {
  @Option(names = "--hosts", paramLabel = "FILE",
      description = "Run the instances on driver hosts over ssh: one host a line, [user@]host[:port] [instances=N]"
          + " [kit=DIR], or [user@]host[:port] sut for a node of an external SUT that the master samples; '#'"
          + " comments (default: every instance on this host).")
  Path hostList;

  @Option(names = "--remote-kit", paramLabel = "DIR",
      description = "The kit's folder on the driver hosts, unless a host's line says kit=DIR (default: this kit's"
          + " own path).")
  Path remoteKit;

  @Option(names = "--ship",
      description = "Copy the built kit to each driver host's kit folder first (rsync over ssh) (default: off).")
  boolean ship;

  @Option(names = "--ssh-config", paramLabel = "FILE",
      description = "An ssh config file for the driver hosts (ssh -F), e.g. with IdentityFile and"
          + " UserKnownHostsFile (default: the user's own).")
  Path sshConfig;

  /** The host list file as given, or null without --hosts. */
  Path file() {
    return hostList;
  }

  /** The options besides --hosts that the run a plan prints must repeat. */
  List<String> forThePlannedRun() {
    List<String> options = new ArrayList<>();
    if (remoteKit != null) {
      options.addAll(List.of("--remote-kit", remoteKit.toString()));
    }
    if (sshConfig != null) {
      options.addAll(List.of("--ssh-config", sshConfig.toString()));
    }
    return options;
  }

  /** The driver hosts' plan, or null without --hosts; a host list the kit cannot use is bad input. */
  DriverHosts.Plan plan(KitLayout kit) throws BadInputException {
    if (hostList == null) {
      if (remoteKit != null || ship || sshConfig != null) {
        throw new BadInputException("--remote-kit, --ship and --ssh-config go with --hosts");
      }
      return null;
    }
    if (sshConfig != null && !Files.isRegularFile(sshConfig)) {
      throw new BadInputException("ssh config file " + sshConfig + " does not exist");
    }
    if (remoteKit != null && !remoteKit.isAbsolute()) {
      throw new BadInputException("--remote-kit must be an absolute folder on the driver hosts, not " + remoteKit);
    }
    try {
      HostList.Listed hosts = HostList.readAll(hostList);
      Path control = Files.createTempDirectory(Path.of("/tmp"), "iotkit-ssh-");
      control.toFile().deleteOnExit();
      return new DriverHosts.Plan(hostList.toAbsolutePath(), hosts.drivers(),
          new Ssh(control, sshConfig == null ? null : sshConfig.toAbsolutePath()),
          remoteKit != null ? remoteKit : kit.home(), ship, hosts.sutHosts());
    } catch (HostList.BadHostListException e) {
      throw new BadInputException(e.getMessage());
    } catch (java.io.IOException e) {
      throw new BadInputException("cannot make a folder for ssh's connection sockets in /tmp: " + e.getMessage());
    }
  }
}
