package io.iotkit.hosts;

import java.nio.file.Path;
import java.util.List;

/**
 * A driver host behind ssh: its instances run with the host's {@code java} (from the login shell's PATH) and the
 * kit at {@code kitHome} there; {@code exec} makes the JVM the session's process, so closing the session (the
 * master's ssh killed, the connection lost) closes its stdin, and the instance ends itself.
 */
record RemoteSite(DriverHost host, Ssh ssh, Path kitHome, ClockOffset clock) implements InstanceSite {

  @Override
  public String name() {
    return host.name();
  }

  @Override
  public String java() {
    return "java";
  }

  @Override
  public List<String> launch(List<String> command) {
    return ssh.command(host, "exec " + Ssh.shell(command));
  }
}
