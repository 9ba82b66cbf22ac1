package io.iotkit.binding.mysql;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** A replica has caught up once its GTID position reaches the primary's in every replication domain. */
class ReplicaCatchUpTest {
  @Test
  void aPositionCoversTheTargetDomainByDomain() {
    assertTrue(ReplicaCatchUp.covers("0-1-523", "0-1-523"));
    assertTrue(ReplicaCatchUp.covers("0-1-600", "0-1-523"));
    assertFalse(ReplicaCatchUp.covers("0-1-522", "0-1-523"));
    assertTrue(ReplicaCatchUp.covers("0-1-10,1-3-9", "1-3-9,0-1-10"));
    assertFalse(ReplicaCatchUp.covers("0-1-10", "0-1-10,1-3-9"), "a domain the replica has not seen at all");
    assertTrue(ReplicaCatchUp.covers("", ""), "a primary that has written nothing");
    assertFalse(ReplicaCatchUp.covers(null, "0-1-1"));
  }
}
