package io.iotkit.bench;

import io.iotkit.model.BenchResult;
import java.util.List;

/**
 * Bench parts that share what they run on, e.g. a store's local server: {@link #open} sets it up and makes the
 * parts, {@link #close} tears it down after they ran (also when one failed). {@link Bench} opens one group at a
 * time, so only one store's server runs at once.
 */
public interface PartGroup extends AutoCloseable {

  /** What the group measures, to name it when it fails, e.g. a store's binding name. */
  default String name() {
    return "server-free parts";
  }

  /** Sets up what the parts need and returns them, in the order they are to run. */
  List<BenchPart> open() throws Exception;

  /**
   * What the group measured of the kit alone while its parts ran (e.g. the disk a store's server held), asked
   * once they all ran and before it is closed.
   */
  default List<BenchResult.Measurement> measurements() {
    return List.of();
  }

  @Override
  void close() throws Exception;

  /** Parts that need nothing set up. */
  static PartGroup of(List<BenchPart> parts) {
    return new PartGroup() {
      @Override
      public List<BenchPart> open() {
        return parts;
      }

      @Override
      public void close() {
      }
    };
  }
}
