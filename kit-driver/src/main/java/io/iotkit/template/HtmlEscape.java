package io.iotkit.template;

/**
 * The kit's one HTML escaper: every value a page or document template writes goes through it (see
 * {@link Templates}). It escapes the five characters that matter in element content and in quoted attribute
 * values, and nothing else, so a page reads "&gt;= 1800 s" in its source as in the browser; "=" and "`" only
 * matter in unquoted attributes, which no template of the kit has (a test of the templates holds them to that).
 */
public final class HtmlEscape {
  private HtmlEscape() {
  }

  /** {@code text} safe for element content and for attribute values in double or single quotes. */
  public static String escape(String text) {
    int first = firstSpecial(text);
    if (first < 0) {
      return text;
    }
    StringBuilder sb = new StringBuilder(text.length() + 16).append(text, 0, first);
    for (int i = first; i < text.length(); i++) {
      char c = text.charAt(i);
      switch (c) {
        case '&' -> sb.append("&amp;");
        case '<' -> sb.append("&lt;");
        case '>' -> sb.append("&gt;");
        case '"' -> sb.append("&quot;");
        case '\'' -> sb.append("&#39;");
        default -> sb.append(c);
      }
    }
    return sb.toString();
  }

  /** Where the first character to escape is, or -1: most values (numbers, chart paths) have none. */
  private static int firstSpecial(String text) {
    for (int i = 0; i < text.length(); i++) {
      switch (text.charAt(i)) {
        case '&', '<', '>', '"', '\'' -> {
          return i;
        }
        default -> {
        }
      }
    }
    return -1;
  }
}
