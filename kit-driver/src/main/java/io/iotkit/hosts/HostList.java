package io.iotkit.hosts;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a host list ({@code --hosts FILE}): one host a line, {@code [user@]host[:port] [instances=N] [kit=DIR]}
 * for a driver host or {@code [user@]host[:port] sut} for a node of the SUT the master samples over ssh (no
 * instances, kit or Java there); blank lines and {@code #} comments ignored.
 */
public final class HostList {
  private static final Pattern ADDRESS = Pattern.compile("(?:([A-Za-z0-9._-]+)@)?([A-Za-z0-9._-]+|\\[[0-9a-fA-F:]+\\])(?::(\\d+))?");

  private HostList() {
  }

  /** A host list the kit cannot use; the message names the file, the line and what is wrong. */
  public static final class BadHostListException extends Exception {
    BadHostListException(String message) {
      super(message);
    }
  }

  /**
   * A host list's hosts by use.
   *
   * @param drivers  the driver hosts, at least one
   * @param sutHosts the SUT nodes listed with {@code sut}, to be sampled over ssh
   */
  public record Listed(List<DriverHost> drivers, List<DriverHost> sutHosts) {
  }

  /** The driver hosts of a host list (its {@code sut} lines are checked and left out). */
  public static List<DriverHost> read(Path file) throws BadHostListException {
    return readAll(file).drivers();
  }

  /** The driver hosts and the SUT hosts of a host list. */
  public static Listed readAll(Path file) throws BadHostListException {
    List<String> lines;
    try {
      lines = Files.readAllLines(file);
    } catch (IOException e) {
      throw new BadHostListException("host list " + file + " cannot be read: " + e.getMessage());
    }
    List<DriverHost> hosts = new ArrayList<>();
    List<DriverHost> sutHosts = new ArrayList<>();
    Set<String> seen = new HashSet<>();
    for (int i = 0; i < lines.size(); i++) {
      String text = lines.get(i).replaceFirst("#.*", "").trim();
      if (text.isEmpty()) {
        continue;
      }
      String where = "host list " + file + " line " + (i + 1);
      boolean sut = isSut(text, where);
      DriverHost h = parse(text.replaceFirst("\\s+sut(?=\\s|$)", ""), where);
      if (!seen.add(h.name())) {
        throw new BadHostListException(where + ": " + h.name() + " is listed twice; "
            + (sut ? "a host is listed once, as a driver host or as a sut host (another name for it, e.g. its"
            + " address, lists it again)" : "give it instances=N instead"));
      }
      (sut ? sutHosts : hosts).add(h);
    }
    if (hosts.isEmpty()) {
      throw new BadHostListException("host list " + file + " names no " + (sutHosts.isEmpty() ? "host"
          : "driver host (its sut lines are SUT nodes to sample; list at least one host to run instances)"));
    }
    return new Listed(hosts, sutHosts);
  }

  /** Whether a line lists a SUT node: the word {@code sut} after the address, with nothing a driver host has. */
  private static boolean isSut(String text, String where) throws BadHostListException {
    String[] words = text.split("\\s+");
    boolean sut = false;
    for (int w = 1; w < words.length; w++) {
      if (words[w].equals("sut")) {
        if (sut) {
          throw new BadHostListException(where + ": 'sut' is written twice");
        }
        sut = true;
      }
    }
    if (sut) {
      for (int w = 1; w < words.length; w++) {
        if (words[w].startsWith("instances=")) {
          throw new BadHostListException(where + ": a sut host runs no instances; drop " + words[w]
              + " (or drop 'sut' to make it a driver host)");
        }
        if (words[w].startsWith("kit=")) {
          throw new BadHostListException(where + ": a sut host needs no kit; drop " + words[w]);
        }
      }
    }
    return sut;
  }

  static DriverHost parse(String text, String where) throws BadHostListException {
    String[] words = text.split("\\s+");
    Matcher m = ADDRESS.matcher(words[0]);
    if (!m.matches()) {
      throw new BadHostListException(where + ": '" + words[0] + "' is not [user@]host[:port]");
    }
    int port = 0;
    if (m.group(3) != null) {
      // five digits at most: more are out of range, and may not fit an int
      port = m.group(3).length() > 5 ? 0 : Integer.parseInt(m.group(3));
      if (port < 1 || port > 65_535) {
        throw new BadHostListException(where + ": port " + m.group(3) + " is not in 1..65535");
      }
    }
    Integer instances = null;
    String kit = null;
    for (int w = 1; w < words.length; w++) {
      String word = words[w];
      if (word.startsWith("instances=")) {
        instances = count(word.substring("instances=".length()), where);
      } else if (word.startsWith("kit=") && word.length() > 4 && word.charAt(4) == '/') {
        kit = word.substring(4);
      } else {
        throw new BadHostListException(where + ": '" + word + "' is neither instances=N, kit=/absolute/dir nor sut");
      }
    }
    return new DriverHost(m.group(1), m.group(2), port, instances, kit);
  }

  private static int count(String value, String where) throws BadHostListException {
    try {
      int n = Integer.parseInt(value);
      if (n >= 0) { // a value too large for an int is a NumberFormatException too
        return n;
      }
    } catch (NumberFormatException e) {
      // said below
    }
    throw new BadHostListException(where + ": instances=" + value + " is not a count of 0 or more");
  }
}
