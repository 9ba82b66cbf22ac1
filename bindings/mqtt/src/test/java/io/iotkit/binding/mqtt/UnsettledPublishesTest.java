package io.iotkit.binding.mqtt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;

class UnsettledPublishesTest {
  private static final long SECOND = 1_000_000_000L;

  @Test
  void aPublishUnansweredForTheTimeoutAfterAWaitFailsAndAnsweredOnesStay() {
    UnsettledPublishes u = new UnsettledPublishes();
    List<CompletableFuture<String>> publishes = new ArrayList<>();
    for (int i = 0; i < 1_000; i++) { // past the first ring's size, with most still unanswered: it grows
      CompletableFuture<String> f = new CompletableFuture<>();
      publishes.add(f);
      u.add(f);
      if (i % 2 == 0) {
        f.complete("PUBACK");
      }
    }
    assertEquals(0, u.expire(100 * SECOND, 60 * SECOND, TimeoutException::new), "first seen unanswered now");
    assertEquals(0, u.expire(159 * SECOND, 60 * SECOND, TimeoutException::new), "59 s later: not yet");
    publishes.get(1).complete("PUBACK"); // answered in time
    assertEquals(499, u.expire(160 * SECOND, 60 * SECOND, TimeoutException::new));
    assertEquals("PUBACK", publishes.get(0).join());
    assertEquals("PUBACK", publishes.get(1).join());
    ExecutionException e = assertThrows(ExecutionException.class, () -> publishes.get(3).get());
    assertTrue(e.getCause() instanceof TimeoutException);
    assertTrue(publishes.stream().allMatch(CompletableFuture::isDone));
  }

  @Test
  void aPublishSentAfterTheWaitHasItsOwnTime() {
    UnsettledPublishes u = new UnsettledPublishes();
    CompletableFuture<String> early = new CompletableFuture<>();
    u.add(early);
    u.expire(0, 60 * SECOND, TimeoutException::new);
    CompletableFuture<String> late = new CompletableFuture<>();
    u.add(late);
    u.expire(30 * SECOND, 60 * SECOND, TimeoutException::new);
    assertEquals(1, u.expire(60 * SECOND, 60 * SECOND, TimeoutException::new));
    assertTrue(early.isCompletedExceptionally());
    assertFalse(late.isDone(), "first seen unanswered at 30 s: fails at 90 s");
    assertEquals(1, u.expire(90 * SECOND, 60 * SECOND, TimeoutException::new));
  }
}
