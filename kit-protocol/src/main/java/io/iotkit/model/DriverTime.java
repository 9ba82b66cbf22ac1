package io.iotkit.model;

/**
 * Where one driver instance's time went in a phase, as the instance measured it: what tells a store that held the
 * driver back from a driver that held itself back. Its insert threads' time is split into the store's part (waiting
 * at the in-flight bound, and in the write calls, which for a store whose client writes synchronously are the
 * whole round trip) and the pacing's part (waiting for a reading's scheduled instant); the rest is the kit's own
 * work on those threads (generating and measuring readings, and the queries they run inline).
 *
 * @param insertThreadMicros the insert threads' time summed, each from its first write to its last acknowledgement
 * @param storeWaitMicros of that, the time they spent in write calls and waiting at their in-flight bound
 * @param pacingWaitMicros of that, the time they waited for a paced reading's scheduled instant; 0 unpaced
 * @param behindScheduleMaxMicros paced: the most any reading was generated after its scheduled instant; 0 unpaced
 * @param gcPauseMicros the instance JVM's stop-the-world collections in the phase, summed
 *     ({@code GarbageCollectorMXBean} collection time of its pausing collectors)
 */
public record DriverTime(long insertThreadMicros, long storeWaitMicros, long pacingWaitMicros,
                         long behindScheduleMaxMicros, long gcPauseMicros) {
}
