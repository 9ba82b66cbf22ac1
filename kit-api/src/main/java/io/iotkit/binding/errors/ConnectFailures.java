package io.iotkit.binding.errors;

import java.util.List;

/**
 * What the bindings share when they turn a failed connection into one line for the user: the walk along an
 * exception's causes, messages cut to one line, and the words for the usual causes. Which causes a store has, and
 * what to fix for each, stays with the binding.
 */
public final class ConnectFailures {
  /** The cause for a refused TCP connection. */
  public static final String REFUSED = "connection refused";
  /** The cause for an unreachable network. */
  public static final String NO_ROUTE = "no route to host";
  private static final int MAX_DEPTH = 20;

  private ConnectFailures() {
  }

  /** "{@code <binding>: cannot connect to <address>: <cause>}". */
  public static String cannotConnect(String binding, String address, String cause) {
    return binding + ": cannot connect to " + address + ": " + cause;
  }

  /** The cause for a host name that does not resolve. */
  public static String unknownHost(String host) {
    return "unknown host " + host;
  }

  /** The cause for a server that did not answer in time; {@code limit} says how long, e.g. "3 s". */
  public static String noAnswerWithin(String limit) {
    return "no answer within " + limit;
  }

  /** The first of {@code failure} and its causes that is a {@code type}, or null. */
  public static <T extends Throwable> T find(Throwable failure, Class<T> type) {
    int depth = 0;
    for (Throwable t = failure; t != null && depth < MAX_DEPTH; t = next(t), depth++) {
      if (type.isInstance(t)) {
        return type.cast(t);
      }
    }
    return null;
  }

  /** The innermost cause of {@code failure} ({@code failure} itself when it has none). */
  public static Throwable root(Throwable failure) {
    Throwable t = failure;
    for (int depth = 0; next(t) != null && depth < MAX_DEPTH; depth++) {
      t = next(t);
    }
    return t;
  }

  /**
   * The first line of the innermost message in the chain, without the class names the JDK puts in front of
   * wrapped causes ("java.security.cert.CertPathValidatorException: signature check failed").
   */
  public static String deepestMessage(Throwable failure) {
    String message = null;
    int depth = 0;
    for (Throwable t = failure; t != null && depth < MAX_DEPTH; t = next(t), depth++) {
      if (t.getMessage() != null && !t.getMessage().isBlank()) {
        message = t.getMessage();
      }
    }
    return firstLine(message).replaceFirst("^(?:[a-zA-Z_$][\\w$]*\\.)+[\\w$]*(?:Exception|Error): ", "");
  }

  /** The first line of {@code s}, trimmed; "no message" when there is none. */
  public static String firstLine(String s) {
    if (s == null || s.isBlank()) {
      return "no message";
    }
    String t = s.strip();
    int nl = t.indexOf('\n');
    return (nl < 0 ? t : t.substring(0, nl)).strip();
  }

  /**
   * A message of many lines as one: its first line, then " ... " and its last line. A store client's "failed after
   * N attempts" lists one attempt a line, and the last one says best why; "no message" when there is none.
   */
  public static String firstAndLastLine(String s) {
    if (s == null || s.isBlank()) {
      return "no message";
    }
    List<String> lines = s.strip().lines().map(String::strip).filter(l -> !l.isEmpty()).toList();
    return lines.size() == 1 ? lines.get(0) : lines.get(0) + " ... " + lines.get(lines.size() - 1);
  }

  /** {@code s} with every run of white space (line breaks too) made one space; "no message" when null. */
  public static String oneLine(String s) {
    return s == null ? "no message" : s.replaceAll("\\s+", " ").trim();
  }

  private static Throwable next(Throwable t) {
    return t.getCause() == t ? null : t.getCause();
  }
}
