package io.iotkit.resources;

/**
 * Hears each second a {@link ResourceSampler} reads, as it is read: for those who watch a run live. The series the
 * result is made from are the sampler's own; this only passes each of their elements on.
 */
public interface SecondListener {
  /** A host's second: CPU seconds busy (user and system, over all CPUs) and memory in use. */
  void host(String host, double busyCpuSeconds, long memUsedBytes);

  /** A process's second: the CPU seconds it used (with its descendants where it counts them) and its RSS. */
  void process(String host, String name, String role, double cpuSeconds, long rssBytes);

  /** Nobody listens. */
  SecondListener NONE = new SecondListener() {
    @Override
    public void host(String host, double busyCpuSeconds, long memUsedBytes) {
    }

    @Override
    public void process(String host, String name, String role, double cpuSeconds, long rssBytes) {
    }
  };
}
