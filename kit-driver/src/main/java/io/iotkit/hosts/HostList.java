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
 * Reads a host list ({@code --hosts FILE}): one driver host a line, {@code [user@]host[:port] [instances=N]
 * [kit=DIR]}, blank lines and {@code #} comments ignored.
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

  public static List<DriverHost> read(Path file) throws BadHostListException {
    List<String> lines;
    try {
      lines = Files.readAllLines(file);
    } catch (IOException e) {
      throw new BadHostListException("host list " + file + " cannot be read: " + e.getMessage());
    }
    List<DriverHost> hosts = new ArrayList<>();
    Set<String> seen = new HashSet<>();
    for (int i = 0; i < lines.size(); i++) {
      String text = lines.get(i).replaceFirst("#.*", "").trim();
      if (text.isEmpty()) {
        continue;
      }
      String where = "host list " + file + " line " + (i + 1);
      DriverHost h = parse(text, where);
      if (!seen.add(h.name())) {
        throw new BadHostListException(where + ": " + h.name() + " is listed twice; give it instances=N instead");
      }
      hosts.add(h);
    }
    if (hosts.isEmpty()) {
      throw new BadHostListException("host list " + file + " names no host");
    }
    return hosts;
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
        throw new BadHostListException(where + ": '" + word + "' is neither instances=N nor kit=/absolute/dir");
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
