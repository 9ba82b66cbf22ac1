package io.iotkit.model;

import java.nio.ByteBuffer;
import java.util.Base64;
import java.util.zip.DataFormatException;
import org.HdrHistogram.Histogram;

/** HdrHistogram to and from the compressed base64 form kept in JSON results. */
public final class HistogramCodec {
  private HistogramCodec() {
  }

  public static String encode(Histogram h) {
    ByteBuffer buf = ByteBuffer.allocate(h.getNeededByteBufferCapacity());
    int len = h.encodeIntoCompressedByteBuffer(buf);
    return Base64.getEncoder().encodeToString(java.util.Arrays.copyOf(buf.array(), len));
  }

  public static Histogram decode(String encoded) {
    try {
      return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(Base64.getDecoder().decode(encoded)), 0);
    } catch (DataFormatException e) {
      throw new IllegalArgumentException("not an encoded histogram", e);
    }
  }
}
