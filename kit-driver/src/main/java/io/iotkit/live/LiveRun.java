package io.iotkit.live;

import io.iotkit.control.SecondFrame;
import io.iotkit.resources.SecondListener;
import java.util.List;

/**
 * What a run tells those who watch it from outside while it goes: the phase it is in, each workload execution's
 * instances second by second (the same frames the result is made from), and each check as it is decided. The
 * protocol calls it; nothing flows back.
 */
public interface LiveRun {
  /** The master's activity from now on, e.g. "prerequisites", "iteration 1 warmup", "system cleanup", "ended". */
  void phase(String name);

  /**
   * A workload execution starts.
   *
   * @param targets each instance's share of the execution's kvps
   * @param hosts   each instance's host ("local" on the master's own)
   */
  Execution execution(String phase, long[] targets, List<String> hosts);

  /** Where those who watch see the run (for its result), or null when nobody can. */
  String endpoint();

  /** A check of the rule book was decided. */
  void check(String name, boolean passed);

  /**
   * A reading a reader on the master received from a store that delivers (Kafka, MQTT): its end-to-end latency, in
   * the execution that generated it. Called from the reader's threads, once per reading.
   */
  void delivered(String phase, long latencyMicros);

  /** The SUT watch pinged: the store has not answered for this many seconds (0: it just did). */
  void sutSilence(double seconds);

  /** One workload execution's seconds as they arrive. */
  interface Execution {
    /** Nobody watches this execution. */
    Execution NONE = new Execution() {
      @Override
      public void second(int instance, SecondFrame frame) {
      }

      @Override
      public SecondListener resources() {
        return SecondListener.NONE;
      }
    };

    /** An instance's second frame (from one thread per instance). */
    void second(int instance, SecondFrame frame);

    /** What hears the master's samplers: this host's and its SUT nodes', and each SUT host's. */
    SecondListener resources();
  }

  /** Nobody watches: the default. */
  LiveRun NONE = new LiveRun() {
    @Override
    public String endpoint() {
      return null;
    }

    @Override
    public void phase(String name) {
    }

    @Override
    public Execution execution(String phase, long[] targets, List<String> hosts) {
      return Execution.NONE;
    }

    @Override
    public void check(String name, boolean passed) {
    }

    @Override
    public void delivered(String phase, long latencyMicros) {
    }

    @Override
    public void sutSilence(double seconds) {
    }
  };
}
