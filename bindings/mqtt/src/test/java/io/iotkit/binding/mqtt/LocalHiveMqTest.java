package io.iotkit.binding.mqtt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iotkit.binding.settings.BadPropertyException;
import io.iotkit.process.LocalSetup;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class LocalHiveMqTest {
  private static final LocalSetup SETUP = new LocalSetup(Path.of("/kit"), 1, LocalSetup.LOOPBACK);

  private static Properties props(String... keyValues) {
    Properties p = new Properties();
    for (int i = 0; i < keyValues.length; i += 2) {
      p.setProperty(keyValues[i], keyValues[i + 1]);
    }
    return p;
  }

  /** The value that follows {@code flag} on the broker's command line. */
  private static String option(LocalHiveMq broker, String flag) {
    List<String> args = broker.arguments(Path.of("/run"));
    return args.get(args.indexOf(flag) + 1);
  }

  @Test
  void thePayloadStoresLayoutReachesTheBrokerAndItsDescription() {
    LocalHiveMq broker = new LocalHiveMq(SETUP, props(LocalHiveMq.FILE_BUCKETS, "4",
        LocalHiveMq.FILE_MEMTABLES, "32"));
    assertEquals("4", option(broker, "--file-buckets"));
    assertEquals("32", option(broker, "--file-memtables"));
    assertTrue(broker.description().contains("payloads in rocksdb: 4 buckets, 32 MB of memtables"), broker.description());
  }

  @Test
  void aBadLayoutNamesItsProperty() {
    BadPropertyException e = assertThrows(BadPropertyException.class,
        () -> new LocalHiveMq(SETUP, props(LocalHiveMq.FILE_BUCKETS, "0")));
    assertTrue(e.getMessage().contains(LocalHiveMq.FILE_BUCKETS), e.getMessage());
    e = assertThrows(BadPropertyException.class,
        () -> new LocalHiveMq(SETUP, props(LocalHiveMq.FILE_MEMTABLES, "-1")));
    assertTrue(e.getMessage().contains(LocalHiveMq.FILE_MEMTABLES), e.getMessage());
    e = assertThrows(BadPropertyException.class,
        () -> new LocalHiveMq(SETUP, props(LocalHiveMq.FILE_DELETION_DELAY, "-5")));
    assertTrue(e.getMessage().contains(LocalHiveMq.FILE_DELETION_DELAY), e.getMessage());
  }

  @Test
  void theXodusDeletionWaitIsXodusOwnUnlessSet() {
    LocalHiveMq kit = new LocalHiveMq(SETUP, props());
    assertEquals("5000", option(kit, "--xodus-deletion-delay"));
    assertTrue(kit.description().contains("emptied queue files deleted after 5000 ms"), kit.description());
    LocalHiveMq hivemq = new LocalHiveMq(SETUP, props(LocalHiveMq.FILE_DELETION_DELAY, "60000"));
    assertEquals("60000", option(hivemq, "--xodus-deletion-delay"));
  }
}
