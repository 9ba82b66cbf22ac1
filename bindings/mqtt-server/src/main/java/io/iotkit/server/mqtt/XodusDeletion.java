package io.iotkit.server.mqtt;

import com.hivemq.embedded.EmbeddedHiveMQ;
import com.hivemq.persistence.clientqueue.ClientQueueLocalPersistence;
import com.hivemq.persistence.local.ClientSessionLocalPersistence;
import com.hivemq.persistence.local.ClientSessionSubscriptionLocalPersistence;
import com.hivemq.persistence.local.xodus.XodusLocalPersistence;
import com.hivemq.persistence.local.xodus.bucket.Bucket;
import com.hivemq.persistence.payload.PublishPayloadLocalPersistence;
import com.hivemq.persistence.retained.RetainedMessageLocalPersistence;
import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.util.List;

/**
 * How soon the broker's Xodus stores delete the log files their collector has emptied.
 *
 * <p>HiveMQ keeps each client's queue (and the sessions, subscriptions and retained messages) in Xodus, an
 * append-only log: every message queued and every one removed rewrites the tree's nodes on its path, a few KB of
 * log per message under the kit's load, and Xodus's collector later copies what is still live out of old files
 * and deletes them. HiveMQ has that deletion wait 60 s after the copy, and offers no setting for it; at the
 * kit's rates a verifying subscriber's queue so grew to over 1 GB of mostly emptied files in a run of 200,000
 * readings, several times the readings themselves (docs/stores/mqtt.md has the study). Xodus's own default wait
 * is 5 s, and Xodus lets the wait be changed on an open store, so it is set on each of HiveMQ's Xodus stores
 * once the broker has started. HiveMQ's embedded API hands out neither its stores nor their Xodus environments:
 * they are reached through its object graph by reflection, and a broker whose stores cannot be found that way
 * does not start (a HiveMQ version that moved them fails here, not silently).
 *
 * <p>What is deleted is what Xodus would delete anyway, sooner: only files whose live entries the collector has
 * already copied, and only once every transaction that began before the copy has ended (Xodus's own rule, whatever
 * the wait), so no message the broker has acknowledged is given up.
 */
final class XodusDeletion {
  /** HiveMQ's own wait, ms. */
  static final int HIVEMQ = 60_000;
  /** The kit's: Xodus's own default, ms. */
  static final int KIT = 5_000;

  /** HiveMQ's stores; under file persistence each is kept by Xodus unless its engine is RocksDB. */
  private static final List<Class<?>> STORES = List.of(ClientQueueLocalPersistence.class,
      ClientSessionLocalPersistence.class, ClientSessionSubscriptionLocalPersistence.class,
      RetainedMessageLocalPersistence.class, PublishPayloadLocalPersistence.class);

  private XodusDeletion() {
  }

  /**
   * Sets the wait on every Xodus store of a started broker under file persistence.
   *
   * @return the Xodus environments set (one per bucket of each Xodus store)
   * @throws IOException if the broker's stores or their environments cannot be reached
   */
  static int apply(EmbeddedHiveMQ broker, int millis) throws IOException {
    try {
      Method getInjector = broker.getClass().getDeclaredMethod("getInjector");
      getInjector.setAccessible(true);
      Object injector = getInjector.invoke(broker);
      Method getInstance = Class.forName("com.google.inject.Injector").getMethod("getInstance", Class.class);
      Field buckets = XodusLocalPersistence.class.getDeclaredField("buckets");
      buckets.setAccessible(true);
      Method environment = Bucket.class.getMethod("getEnvironment");
      Method config = Class.forName("jetbrains.exodus.env.Environment").getMethod("getEnvironmentConfig");
      Method setDelay = Class.forName("jetbrains.exodus.env.EnvironmentConfig")
          .getMethod("setGcFilesDeletionDelay", int.class);
      int set = 0;
      for (Class<?> store : STORES) {
        if (getInstance.invoke(injector, store) instanceof XodusLocalPersistence xodus) {
          for (Bucket bucket : (Bucket[]) buckets.get(xodus)) {
            setDelay.invoke(config.invoke(environment.invoke(bucket)), millis);
            set++;
          }
        }
      }
      if (set == 0) {
        throw new IOException("found no Xodus store in the broker; start it with --xodus-deletion-delay " + HIVEMQ
            + " to keep HiveMQ's own wait");
      }
      return set;
    } catch (ReflectiveOperationException | ClassCastException e) {
      throw new IOException("cannot reach HiveMQ's Xodus stores to set their deletion wait (" + e
          + "); start the broker with --xodus-deletion-delay " + HIVEMQ + " to keep HiveMQ's own", e);
    }
  }
}
