package io.iotkit.binding.mqtt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class DeliveryTallyTest {

  @Test
  void redeliveriesAreDuplicatesNotReadings() {
    DeliveryTally t = new DeliveryTally();
    assertTrue(t.accept("a", 10));
    assertTrue(t.accept("a", 11));
    assertFalse(t.accept("a", 11), "the same reading again");
    assertFalse(t.accept("a", 10), "an older reading again, as after a reconnect");
    assertTrue(t.accept("a", 12));
    assertEquals(3, t.distinct());
    assertEquals(2, t.duplicates());
    assertEquals(5, t.arrivals());
  }

  @Test
  void sensorsAreIndependent() {
    DeliveryTally t = new DeliveryTally();
    assertTrue(t.accept("a", 100));
    assertTrue(t.accept("b", 50), "older than a's reading, but b's first");
    assertTrue(t.accept("b", 51));
    assertEquals(3, t.distinct());
    assertEquals(0, t.duplicates());
  }

  @Test
  void ignoredMessagesCountAsArrivalsOnly() {
    DeliveryTally t = new DeliveryTally();
    t.ignore();
    assertEquals(0, t.distinct());
    assertEquals(1, t.ignored());
    assertEquals(1, t.arrivals());
  }
}
