package io.iotkit.model;

import java.util.Map;

/**
 * What the master tells one driver instance to do in one phase. Written as JSON into the run folder.
 * It never holds credentials: the instance reads the sponsor's binding properties file itself.
 *
 * @param bindingProperties path of the binding properties file, or null
 * @param bindingOverrides addresses of a server the kit started (never secrets)
 * @param intervalLog where the instance writes its per-second HdrHistogram interval log
 * @param dataSinceMicros epoch µs since which this substation has data (bounds query window B)
 */
public record InstanceSpec(String phase, int instance, int instances, String substation, long kvps, int threads,
                           String binding, String bindingProperties, Map<String, String> bindingOverrides,
                           long dataSinceMicros, long seed, String resultFile,
                           String intervalLog) {
}
