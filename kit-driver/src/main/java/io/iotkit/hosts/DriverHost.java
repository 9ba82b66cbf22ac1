package io.iotkit.hosts;

/**
 * One line of a host list: a driver host reached over ssh, and how many instances it runs.
 *
 * @param user      login name, or null for ssh's default (the current user, or the ssh config's)
 * @param port      ssh port, or 0 for ssh's default
 * @param instances instances this host runs, or null to take a round-robin share
 * @param kitDir    where the kit lies on this host, or null for the run's remote kit folder
 */
public record DriverHost(String user, String host, int port, Integer instances, String kitDir) {

  /** ssh's destination: {@code [user@]host}. */
  public String destination() {
    return user == null ? host : user + "@" + host;
  }

  /** The host as the user wrote it, {@code [user@]host[:port]}: its name in lines, reports and the run folder. */
  public String name() {
    return destination() + (port == 0 ? "" : ":" + port);
  }
}
