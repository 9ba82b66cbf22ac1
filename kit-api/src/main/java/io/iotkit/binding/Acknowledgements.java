package io.iotkit.binding;

/**
 * Where a binding that acknowledges asynchronously reports what became of its readings (see
 * {@link KitBinding#acknowledgeThrough}). One sink serves one binding object, that is one insert thread, and may
 * be called from any thread at any time, in any order: typically from the store client's I/O threads as its
 * completions arrive.
 */
public interface Acknowledgements {
  /** {@code readings} more readings of this binding object were acknowledged durably by the store. */
  void acknowledged(long readings);

  /** {@code readings} more readings of this binding object will never be acknowledged (they are lost). */
  void failed(long readings);
}
