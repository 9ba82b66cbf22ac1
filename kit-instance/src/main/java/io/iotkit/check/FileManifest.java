package io.iotkit.check;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * SHA-256 digests of kit files, in the {@code sha256sum} text format ({@code <hex>  <path>}), so an auditor
 * can also verify a kit with standard tools: {@code sha256sum -c audit/kit-files.sha256}.
 */
public final class FileManifest {
  private FileManifest() {
  }

  /** Digests of {@code files} (paths relative to {@code home}), in their order. */
  public static Map<String, String> digest(Path home, List<String> files) throws IOException {
    Map<String, String> digests = new LinkedHashMap<>();
    for (String f : files) {
      digests.put(f, sha256(home.resolve(f)));
    }
    return digests;
  }

  public static String sha256(Path file) throws IOException {
    MessageDigest md;
    try {
      md = MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("the JDK has no SHA-256", e);
    }
    byte[] buf = new byte[1 << 16];
    try (InputStream in = Files.newInputStream(file)) {
      int n;
      while ((n = in.read(buf)) > 0) {
        md.update(buf, 0, n);
      }
    }
    return HexFormat.of().formatHex(md.digest());
  }

  public static void write(Path manifest, Map<String, String> digests) throws IOException {
    StringBuilder sb = new StringBuilder();
    digests.forEach((file, hex) -> sb.append(hex).append("  ").append(file).append('\n'));
    Files.createDirectories(manifest.getParent());
    Files.writeString(manifest, sb.toString());
  }

  public static Map<String, String> read(Path manifest) throws IOException {
    Map<String, String> digests = new LinkedHashMap<>();
    for (String line : Files.readAllLines(manifest)) {
      if (line.isBlank() || line.startsWith("#")) {
        continue;
      }
      int sep = line.indexOf("  ");
      if (sep != 64) {
        throw new IOException("malformed manifest line: " + line);
      }
      digests.put(line.substring(sep + 2), line.substring(0, sep));
    }
    return digests;
  }
}
