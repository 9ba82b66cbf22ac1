package io.iotkit.binding.hbase;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.iotkit.binding.Replication;
import org.junit.jupiter.api.Test;

/** The fewest copies of HBase's files from the NameNode's counts. */
class HdfsCopiesTest {
  private static final Replication THREE = new Replication(3, "dfs.replication");

  @Test
  void threeHealthyDatanodesHoldThreeCopies() {
    assertEquals(3, copies(THREE, new HdfsCopies.Counts(3, 0, 0, 0, 0)));
    assertEquals(3, copies(THREE, new HdfsCopies.Counts(5, 0, 0, 0, 0)), "never more than the files ask for");
  }

  @Test
  void aStaleDatanodeHoldsNoLiveCopy() {
    assertEquals(2, copies(THREE, new HdfsCopies.Counts(3, 1, 0, 0, 0)));
  }

  @Test
  void aBlockShortOfCopiesOrWithNoneLowersTheFewest() {
    assertEquals(2, copies(THREE, new HdfsCopies.Counts(3, 0, 4, 0, 0)), "under-replicated");
    assertEquals(2, copies(THREE, new HdfsCopies.Counts(3, 0, 0, 0, 1)), "a corrupt copy");
    assertEquals(0, copies(THREE, new HdfsCopies.Counts(3, 0, 0, 1, 0)), "a missing block");
  }

  @Test
  void aFactorThatCouldNotBeToldIsNoCopy() {
    assertEquals(0, copies(new Replication(0, "could not tell"), new HdfsCopies.Counts(3, 0, 0, 0, 0)));
  }

  private static int copies(Replication factor, HdfsCopies.Counts c) {
    return HdfsCopies.of(factor, c, "nn:9870", 30_000).copies();
  }
}
