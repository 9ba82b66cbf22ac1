package io.iotkit.binding.postgresql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.postgresql.util.PasswordUtil;

class ScramVerifierTest {
  /** pgJDBC's own encoder (what ALTER ROLE through the driver would store) is the independent reference. */
  @Test
  void theServersOwnFormMatchesAnIndependentEncoder() {
    byte[] salt = "sixteen byte slt".getBytes(StandardCharsets.US_ASCII);
    String password = "canary-0f8e1c2a-Pass";
    assertEquals(PasswordUtil.encodeScramSha256(password.toCharArray(), 4096, salt),
        ScramVerifier.of(password, salt, 4096));
  }

  @Test
  void aFreshSaltEachTimeAndNoPasswordInIt() {
    String a = ScramVerifier.of("s3cret-pw");
    assertTrue(a.startsWith("SCRAM-SHA-256$4096:"), a);
    assertNotEquals(a, ScramVerifier.of("s3cret-pw"));
    assertFalse(a.contains("s3cret"));
  }

  @Test
  void aPasswordTheServerWouldNormaliseIsRefused() {
    assertTrue(assertThrows(IllegalArgumentException.class, () -> ScramVerifier.of("pässword")).getMessage()
        .contains(PgSettings.PASSWORD));
  }
}
