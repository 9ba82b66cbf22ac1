package io.iotkit.resources;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** A local server's processes summed: CPU time and disk bytes written, and what it cannot know. */
class ProcessTotalsTest {

  /** Counters given per pid; a pid without an entry is gone. */
  private static class Given implements HostCounters {
    final Map<Long, ProcReader.Process> processes = new HashMap<>();
    final Map<Long, Boolean> askedWithDescendants = new HashMap<>();

    @Override
    public boolean available() {
      return true;
    }

    @Override
    public ProcReader.Host host() {
      throw new UnsupportedOperationException();
    }

    @Override
    public Optional<ProcReader.Process> process(long pid, boolean withDescendants) {
      askedWithDescendants.put(pid, withDescendants);
      return Optional.ofNullable(processes.get(pid));
    }
  }

  @Test
  void everyNodeCountsWithWhatRunsUnderItAndTheDifferenceIsWhatWasUsed() {
    Given counters = new Given();
    counters.processes.put(10L, new ProcReader.Process(0, 150, 0, new ProcText.Bytes(0, 1_000)));
    counters.processes.put(20L, new ProcReader.Process(0, 50, 0, new ProcText.Bytes(0, 500)));
    ProcessTotals totals = new ProcessTotals(() -> List.of(10L, 20L), counters);
    ProcessTotals.Reading start = totals.now();
    assertEquals(new ProcessTotals.Reading(2.0, 1_500), start, "ticks at 100 a second, bytes summed");
    assertEquals(Map.of(10L, true, 20L, true), counters.askedWithDescendants);

    counters.processes.put(10L, new ProcReader.Process(0, 250, 0, new ProcText.Bytes(0, 4_000)));
    assertEquals(new ProcessTotals.Reading(1.0, 3_000), totals.now().since(start));
  }

  @Test
  void aWalkThatMissedAProcessEndingUnderItIsOutgrownByTheNext() {
    Given counters = new Given() {
      int walks;

      @Override
      public Optional<ProcReader.Process> process(long pid, boolean withDescendants) {
        // the first walk misses a connection's backend that was ending: neither alive nor yet in its parent
        long ticks = walks++ == 0 ? 100 : 250;
        return Optional.of(new ProcReader.Process(0, ticks, 0, new ProcText.Bytes(0, ticks * 10)));
      }
    };
    assertEquals(new ProcessTotals.Reading(2.5, 2_500), new ProcessTotals(() -> List.of(10L), counters).now());
  }

  @Test
  void unreadableIoOrAGoneNodeIsUnknownNotZero() {
    Given counters = new Given();
    counters.processes.put(10L, new ProcReader.Process(0, 100, 0, null));
    ProcessTotals totals = new ProcessTotals(() -> List.of(10L), counters);
    assertEquals(1.0, totals.now().cpuSeconds());
    assertTrue(Double.isNaN(totals.now().writtenBytes()), "another user's process: its I/O is not known");

    ProcessTotals gone = new ProcessTotals(() -> List.of(10L, 99L), counters);
    assertTrue(Double.isNaN(gone.now().cpuSeconds()));
  }
}
