package io.iotkit.binding.errors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.net.ConnectException;
import java.net.UnknownHostException;
import java.security.cert.CertPathValidatorException;
import javax.net.ssl.SSLHandshakeException;
import org.junit.jupiter.api.Test;

class ConnectFailuresTest {

  @Test
  void theUsualWords() {
    assertEquals("mysql: cannot connect to db1:3306: connection refused",
        ConnectFailures.cannotConnect("mysql", "db1:3306", ConnectFailures.REFUSED));
    assertEquals("unknown host db1", ConnectFailures.unknownHost("db1"));
    assertEquals("no answer within 3 s", ConnectFailures.noAnswerWithin("3 s"));
    assertEquals("no route to host", ConnectFailures.NO_ROUTE);
  }

  @Test
  void findsACauseAnywhereInTheChain() {
    ConnectException refused = new ConnectException("Connection refused");
    Exception wrapped = new RuntimeException("outer", new IllegalStateException("middle", refused));
    assertSame(refused, ConnectFailures.find(wrapped, ConnectException.class));
    assertSame(refused, ConnectFailures.root(wrapped));
    assertNull(ConnectFailures.find(wrapped, UnknownHostException.class));
    assertSame(wrapped, ConnectFailures.find(wrapped, RuntimeException.class), "the failure itself counts");
  }

  @Test
  void deepestMessageWithoutClassNames() {
    SSLHandshakeException handshake = new SSLHandshakeException(
        "sun.security.validator.ValidatorException: PKIX path building failed");
    handshake.initCause(new CertPathValidatorException("java.lang.Exception: unable to find valid certification"
        + " path\nsecond line"));
    assertEquals("unable to find valid certification path", ConnectFailures.deepestMessage(
        new RuntimeException("wrapped", handshake)));
    assertEquals("no message", ConnectFailures.deepestMessage(new RuntimeException()));
  }

  @Test
  void messagesOnOneLine() {
    assertEquals("Too many connections", ConnectFailures.firstLine("  Too many connections\nmore detail"));
    assertEquals("no message", ConnectFailures.firstLine(" "));
    assertEquals("PKIX path building failed: unable to find", ConnectFailures.oneLine(
        "PKIX path building failed:\n unable to find"));
    assertEquals("no message", ConnectFailures.oneLine(null));
    assertEquals("Failed after attempts=3, exceptions: ... 12:00:02, Connection refused",
        ConnectFailures.firstAndLastLine("Failed after attempts=3, exceptions:\n12:00:00, reset\n\n"
            + "12:00:02, Connection refused\n"));
    assertEquals("one line", ConnectFailures.firstAndLastLine(" one line\n"));
    assertEquals("no message", ConnectFailures.firstAndLastLine(null));
  }
}
