package io.iotkit.binding.errors;

import io.iotkit.binding.settings.HostPort;
import java.io.IOException;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * A plain TCP connection to a store's addresses before its client library tries them. Some clients (MongoDB's
 * server selection, the AWS SDK's HTTP pool) wait out their whole time limit, 30 s by default, when nothing listens
 * at the address; a refused connection or a name that does not resolve is known here at once. Anything else, an
 * address that accepts or one that does not answer, is left to the client, which decides as it always did.
 */
public final class TcpProbe {
  private TcpProbe() {
  }

  /**
   * The one-line cause when no address can be reached for sure ("connection refused", "unknown host h"), or empty
   * when one accepted a connection or did not answer within {@code timeout}.
   */
  public static Optional<String> unreachable(List<HostPort> addresses, Duration timeout) {
    String cause = null;
    for (HostPort a : addresses) {
      Optional<String> c = unreachable(a, timeout);
      if (c.isEmpty()) {
        return Optional.empty();
      }
      cause = cause == null ? c.get() : cause;
    }
    return Optional.ofNullable(cause);
  }

  private static Optional<String> unreachable(HostPort address, Duration timeout) {
    try (Socket s = new Socket()) {
      s.connect(new InetSocketAddress(address.host(), address.port()), (int) Math.min(timeout.toMillis(),
          Integer.MAX_VALUE));
      return Optional.empty();
    } catch (UnknownHostException e) {
      return Optional.of(ConnectFailures.unknownHost(address.host()));
    } catch (ConnectException e) {
      return Optional.of(ConnectFailures.REFUSED);
    } catch (IOException | IllegalArgumentException e) {
      return Optional.empty(); // no answer in time, no route, a port out of range: the client's own words say it
    }
  }
}
