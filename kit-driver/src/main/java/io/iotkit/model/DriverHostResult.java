package io.iotkit.model;

import java.util.List;

/**
 * One driver host of a run over a host list, as the master found it at the start.
 *
 * @param name              the host as the host list names it, {@code [user@]host[:port]}
 * @param kitHome           the kit's folder on that host
 * @param instances         the instances it ran (the same in every phase)
 * @param clockOffsetMicros its clock minus the master's, µs, measured by ping round trips at the start
 * @param clockErrorMicros  the bound on that offset's error, µs (half the best round trip)
 * @param environment       its hardware, OS and JVM, as the host probe read them there
 */
public record DriverHostResult(String name, String kitHome, List<Integer> instances, long clockOffsetMicros,
                               long clockErrorMicros, Environment environment) {
}
