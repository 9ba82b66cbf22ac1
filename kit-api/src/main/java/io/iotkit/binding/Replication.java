package io.iotkit.binding;

/**
 * A replication factor and where the binding read it, so the report can say why the figure is what it is.
 *
 * @param factor copies the store keeps of each reading; 0 when the store could not tell
 * @param source how the figure was found, e.g. "dfs.replication from the HBase master's configuration"
 */
public record Replication(int factor, String source) {
}
