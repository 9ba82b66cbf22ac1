package io.iotkit.resources;

/**
 * A process the sampler follows.
 *
 * @param name what it is to the run: "master", "instance 3", a SUT node's name
 * @param role "master", "driver" or "sut"
 */
public record WatchedProcess(String name, String role, long pid) {

  /**
   * Whether the processes it starts count as its own: a SUT node's do (PostgreSQL serves each connection in a
   * process of its own); the master's and an instance's do not, since those are watched processes of their own.
   */
  public boolean withDescendants() {
    return "sut".equals(role);
  }

  /** This JVM. */
  public static WatchedProcess self(String name, String role) {
    return new WatchedProcess(name, role, ProcessHandle.current().pid());
  }
}
