package io.iotkit.binding.sink;

import io.iotkit.binding.Replication;
import io.iotkit.binding.StoreAdmin;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The sink as the master sees it: it keeps no copy and holds nothing, so the data check finds nothing. */
final class NullAdmin implements StoreAdmin {
  @Override
  public Replication replication() {
    return new Replication(0, "a sink keeps no copy");
  }

  @Override
  public Map<String, Long> countReadings(List<String> substations) {
    Map<String, Long> none = new LinkedHashMap<>();
    substations.forEach(s -> none.put(s, 0L));
    return none;
  }

  @Override
  public void purge() {
    // nothing is stored
  }

  @Override
  public void close() {
  }
}
