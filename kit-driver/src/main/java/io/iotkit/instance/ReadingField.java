package io.iotkit.instance;

import site.ycsb.ByteIterator;

/**
 * One value field of a reading as a binding receives it, re-pointed at the next reading's bytes for every
 * insert, so a thread makes no map and no iterators per reading. {@link io.iotkit.binding.KitBinding}'s contract
 * lets it: the map and its iterators are the caller's again once {@code insert} returns.
 */
final class ReadingField extends ByteIterator {
  private byte[] bytes = new byte[0];
  private int off;

  /** Points at the next reading's bytes: an array made for that reading alone, which {@link #toArray} hands over. */
  ReadingField set(byte[] next) {
    bytes = next;
    off = 0;
    return this;
  }

  @Override
  public boolean hasNext() {
    return off < bytes.length;
  }

  @Override
  public byte nextByte() {
    return bytes[off++];
  }

  @Override
  public long bytesLeft() {
    return bytes.length - off;
  }

  @Override
  public void reset() {
    off = 0;
  }

  /** The remaining bytes: the array itself, not a copy, as it was made for this one reading. */
  @Override
  public byte[] toArray() {
    byte[] out = off == 0 ? bytes : java.util.Arrays.copyOfRange(bytes, off, bytes.length);
    off = bytes.length;
    return out;
  }

  @Override
  public String toString() {
    return new String(bytes, off, bytes.length - off, java.nio.charset.StandardCharsets.ISO_8859_1);
  }
}
