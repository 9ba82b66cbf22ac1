package io.iotkit.model;

import java.util.List;

/**
 * What the run was asked to do: the command's options and the files it read.
 *
 * @param bindingProperties the binding properties file, or null for the kit's built-in defaults
 * @param systemDescription the sponsor's system description file, or null when there was none
 * @param hosts the host list file of a run over driver hosts (--hosts), or null
 * @param rate kvps/s each instance was paced at (--rate), 0 when unpaced
 * @param noQueries true when the instances ran no dashboard queries (--no-queries); absent (false) in results
 *     of kits before the option
 * @param sutNodes nodes of the local server the kit started (--sut-nodes); 1 also when the SUT is the sponsor's
 */
public record RunInputs(int substations, long kvps, String binding, int threads, int sutNodes, boolean strict,
                        String bindingProperties, String pricing, String systemDescription,
                        List<String> instanceJvmOptions, String hosts, long rate, boolean noQueries) {
}
