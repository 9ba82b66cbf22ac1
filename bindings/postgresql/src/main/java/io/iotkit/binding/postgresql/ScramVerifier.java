package io.iotkit.binding.postgresql;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The SCRAM-SHA-256 verifier PostgreSQL stores for a password (RFC 5802, RFC 7677), in the server's own text
 * form {@code SCRAM-SHA-256$<iterations>:<salt>$<StoredKey>:<ServerKey>}: what the local server's launcher gets
 * instead of the password. The server accepts it as is in CREATE ROLE ... PASSWORD, and a client proves it knows
 * the password without the verifier revealing it.
 *
 * <p>The password's UTF-8 bytes are used as given; PostgreSQL would first normalise a non-ASCII password
 * (SASLprep), so such a password is refused here rather than stored in a form the server would not match.
 */
final class ScramVerifier {
  /** PostgreSQL's default (scram_iterations). */
  static final int ITERATIONS = 4096;
  private static final int SALT_BYTES = 16;

  private ScramVerifier() {
  }

  /** A verifier with a fresh random salt. */
  static String of(String password) {
    byte[] salt = new byte[SALT_BYTES];
    new SecureRandom().nextBytes(salt);
    return of(password, salt, ITERATIONS);
  }

  static String of(String password, byte[] salt, int iterations) {
    for (int i = 0; i < password.length(); i++) {
      char c = password.charAt(i);
      if (c < 0x21 || c > 0x7e) {
        throw new IllegalArgumentException(PgSettings.PASSWORD + " for the local PostgreSQL must be printable ASCII"
            + " without spaces (the server would normalise other characters first)");
      }
    }
    try {
      byte[] salted = hi(password.getBytes(StandardCharsets.UTF_8), salt, iterations);
      byte[] clientKey = hmac(salted, "Client Key".getBytes(StandardCharsets.US_ASCII));
      byte[] storedKey = MessageDigest.getInstance("SHA-256").digest(clientKey);
      byte[] serverKey = hmac(salted, "Server Key".getBytes(StandardCharsets.US_ASCII));
      Base64.Encoder b64 = Base64.getEncoder();
      return "SCRAM-SHA-256$" + iterations + ":" + b64.encodeToString(salt) + "$" + b64.encodeToString(storedKey)
          + ":" + b64.encodeToString(serverKey);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("every JDK has HmacSHA256 and SHA-256", e);
    }
  }

  /** Hi() of RFC 5802: PBKDF2 with HMAC-SHA-256 and one block of output. */
  private static byte[] hi(byte[] password, byte[] salt, int iterations) throws GeneralSecurityException {
    Mac mac = Mac.getInstance("HmacSHA256");
    mac.init(new SecretKeySpec(password, "HmacSHA256"));
    mac.update(salt);
    byte[] u = mac.doFinal(new byte[] {0, 0, 0, 1});
    byte[] result = u.clone();
    for (int i = 1; i < iterations; i++) {
      u = mac.doFinal(u);
      for (int j = 0; j < result.length; j++) {
        result[j] ^= u[j];
      }
    }
    return result;
  }

  private static byte[] hmac(byte[] key, byte[] message) throws GeneralSecurityException {
    Mac mac = Mac.getInstance("HmacSHA256");
    mac.init(new SecretKeySpec(key, "HmacSHA256"));
    return mac.doFinal(message);
  }
}
