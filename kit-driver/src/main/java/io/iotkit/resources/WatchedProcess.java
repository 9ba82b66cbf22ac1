package io.iotkit.resources;

/**
 * A process the sampler follows.
 *
 * @param name what it is to the run: "master", "instance 3", a SUT node's name
 * @param role "master", "driver" or "sut"
 */
public record WatchedProcess(String name, String role, long pid) {

  /** This JVM. */
  public static WatchedProcess self(String name, String role) {
    return new WatchedProcess(name, role, ProcessHandle.current().pid());
  }
}
