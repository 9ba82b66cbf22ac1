package io.iotkit.hosts;

import io.iotkit.model.Environment;
import java.nio.file.Path;
import java.util.Map;

/**
 * What the host probe found on one driver host at the start of the run.
 *
 * @param digests SHA-256 of each kit file the host needs, by path relative to its kit folder
 */
public record HostReport(DriverHost host, Path kitHome, Map<String, String> digests, Environment environment,
                         ClockOffset clock) {
}
