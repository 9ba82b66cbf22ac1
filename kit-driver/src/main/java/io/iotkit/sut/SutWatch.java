package io.iotkit.sut;

import io.iotkit.binding.StoreAdmin;
import io.iotkit.binding.errors.ConnectFailures;
import io.iotkit.model.Clock;
import io.iotkit.model.SutOutage;
import io.iotkit.process.LocalServer;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.DoubleConsumer;
import java.util.function.Supplier;
import site.ycsb.DBException;

/**
 * The master's watch on the SUT, from the moment the kit started or reached it until it stops or leaves it. A
 * thread of its own pings the store through a binding object of its own, once a second; the watch notes how long
 * the store has been silent. Silence of {@value #OUTAGE_MILLIS} ms or more that ends is an {@link SutOutage},
 * disclosed but not fatal. Silence of {@value #DEAD_MILLIS} ms, or every process of a local server gone, is a
 * {@link #fault()}: the run ends. The workload executions look at it a few times a second; the master's own calls
 * on the store (preparing an iteration, reading its settings and copies, the data check, the purge) are watched
 * the same way through {@link #await}. A restart is announced ({@link #expectOutage}): its silence is neither an
 * outage nor a fault, and the watch connects again when it is over.
 *
 * <p>Why time the silence here instead of trusting the ping's own timeout: store clients retry on their own
 * budgets (HBase's operation timeout is 20 minutes by default), so a ping may block far longer than the run can
 * wait; the watch does not wait for it.
 */
public final class SutWatch implements AutoCloseable {
  /** Silence that counts as an outage, if it ends. */
  static final long OUTAGE_MILLIS = 2_000;
  /** Silence that ends the run: 15 s leaves the run's 30 s for stopping instances and servers. */
  static final long DEAD_MILLIS = 15_000;
  private static final long PING_EVERY_MILLIS = 1_000;
  /**
   * How long a close waits for the pinging thread to close its connection: a store client's own log lines on that
   * close belong in master.log, before the run stops diverting library output there.
   */
  private static final long CLOSE_WAIT_MILLIS = 3_000;
  /** How often {@link #await} looks at the store while the call runs. */
  private static final long LOOK_EVERY_MILLIS = 250;
  private static final String NO_ANSWER = "no answer";

  private final String name;
  private final SutSession sut;
  private final Thread pinging;
  private final Supplier<Optional<String>> alsoFatal;
  private final DoubleConsumer silence;
  private final List<SutOutage> outages = new ArrayList<>();
  private String phase = "";
  /** When the store last answered (System.nanoTime) and what the last failed ping met. */
  private volatile long lastAnswerNanos = System.nanoTime();
  private volatile long lastAnswerMicros = Clock.micros();
  private volatile String lastError = NO_ANSWER;
  private long silentSinceMicros = -1;
  /**
   * While the SUT restarts on purpose: its silence is expected, and the watch does not ping it (a ping sent to a
   * stopping server could hang in its client's retries past the restart, and the watch's silence clock with it).
   */
  private volatile boolean expectingOutage;
  /** Set after a restart: the pinging thread closes its connection and opens a new one to the new servers. */
  private volatile boolean reconnect;
  /**
   * The local server's nodes when last seen serving. A server whose nodes are native processes leaves a dead one
   * out of its list, so a list gone empty means the same as nodes all dead.
   */
  private List<LocalServer.Node> serving = List.of();

  private SutWatch(SutSession sut, Supplier<Optional<String>> alsoFatal, DoubleConsumer silence) {
    this.alsoFatal = alsoFatal;
    this.silence = silence;
    this.name = sut.bindingName();
    this.sut = sut;
    this.serving = sut.nodes();
    this.pinging = new Thread(this::pingLoop, "sut-ping");
    pinging.setDaemon(true); // a ping stuck in client retries must not keep the kit alive
  }

  /**
   * Starts pinging. The watch's own connection is opened by its pinging thread, as part of the first ping: a store
   * that stopped answering may hold that open for minutes, and the silence is timed from now. {@code alsoFatal} is
   * a second cause to end the run on, asked at each look (a disk running out); {@code Optional::empty} for none.
   * {@code silence} hears, after each ping, how many seconds the store has not answered (0 when it just did).
   */
  public static SutWatch start(SutSession sut, Supplier<Optional<String>> alsoFatal, DoubleConsumer silence) {
    SutWatch w = new SutWatch(sut, alsoFatal, silence);
    w.pinging.setContextClassLoader(Thread.currentThread().getContextClassLoader());
    w.pinging.start();
    return w;
  }

  /**
   * Names the phase that follows (an execution, a call on the store), for the outages found in it; the silence
   * clock starts afresh, and an expected outage is over.
   */
  public synchronized void phase(String name) {
    phase = name;
    lastAnswerNanos = System.nanoTime();
    lastAnswerMicros = Clock.micros();
    silentSinceMicros = -1;
    expectingOutage = false;
    List<LocalServer.Node> nodes = sut.nodes();
    if (!nodes.isEmpty()) {
      serving = nodes; // a restarted server's new processes
    }
  }

  /**
   * The SUT is about to go down on purpose (the cleanup's restart): until the next {@link #phase}, its silence and
   * its servers' exit are neither an outage nor a fault; what else ends the run (a full disk) still does.
   */
  public synchronized void expectOutage(String name) {
    phase = name;
    expectingOutage = true;
    silentSinceMicros = -1;
  }

  /** After a restart: the watch's own connection is opened again, to the servers as they now are. */
  public void reconnect() {
    reconnect = true;
  }

  private void pingLoop() {
    StoreAdmin pinger = null;
    while (!Thread.currentThread().isInterrupted()) {
      if (reconnect && pinger != null) {
        closeAside(pinger);
        pinger = null;
      }
      reconnect = false;
      if (expectingOutage) {
        silence.accept((System.nanoTime() - lastAnswerNanos) / 1e9);
        if (!pause()) {
          break;
        }
        continue;
      }
      try {
        if (pinger == null) {
          pinger = sut.newConnection();
        }
        pinger.ping();
        lastAnswerMicros = Clock.micros();
        lastAnswerNanos = System.nanoTime();
        lastError = NO_ANSWER;
      } catch (SutSession.SutException | DBException | RuntimeException e) {
        lastError = ConnectFailures.firstAndLastLine(e.getMessage());
      }
      silence.accept((System.nanoTime() - lastAnswerNanos) / 1e9);
      if (!pause()) {
        break;
      }
    }
    if (pinger != null) {
      close(pinger);
    }
  }

  /** Waits until the next ping; false when the watch was closed meanwhile. */
  private static boolean pause() {
    try {
      Thread.sleep(PING_EVERY_MILLIS);
      return true;
    } catch (InterruptedException e) {
      return false;
    }
  }

  /**
   * Closes a connection to servers that a restart replaced, on a thread of its own: its client may try to say
   * goodbye to a server that is gone, and the new connection does not wait for that.
   */
  private static void closeAside(StoreAdmin connection) {
    Thread t = new Thread(() -> close(connection), "sut-watch-close");
    t.setDaemon(true);
    t.start();
  }

  private static void close(StoreAdmin connection) {
    try {
      connection.close();
    } catch (RuntimeException e) {
      // the connection goes either way
    }
  }

  /**
   * Looks at the store now: records an outage that ended, and returns why the run must end, if it must. Called
   * by the master's follow loop a few times a second.
   */
  public synchronized Optional<String> fault() {
    if (expectingOutage) {
      return alsoFatal.get().map(this::alsoFatalLine);
    }
    long silentMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - lastAnswerNanos);
    if (silentMillis >= OUTAGE_MILLIS && silentSinceMicros < 0) {
      silentSinceMicros = lastAnswerMicros;
    } else if (silentMillis < OUTAGE_MILLIS && silentSinceMicros >= 0) {
      outages.add(new SutOutage(phase, silentSinceMicros, lastAnswerMicros, lastError));
      silentSinceMicros = -1;
    }
    Optional<String> other = alsoFatal.get();
    if (other.isPresent()) {
      return Optional.of(alsoFatalLine(other.get()));
    }
    List<LocalServer.Node> nodes = sut.nodes();
    if (!serving.isEmpty() && nodes.stream().noneMatch(SutWatch::alive)) {
      return Optional.of(name + ": the local server has exited (" + describe(serving) + "); see " + "its log in"
          + " the run folder's sut/");
    }
    if (!nodes.isEmpty()) {
      serving = nodes;
    }
    if (silentMillis >= DEAD_MILLIS) {
      List<LocalServer.Node> gone = nodes.stream().filter(n -> !alive(n)).toList();
      return Optional.of(name + ": the SUT (" + sut.description() + ") stopped answering: no answer to the kit's"
          + " ping for " + silentMillis / 1000 + " s" + (lastError.equals(NO_ANSWER) ? "" : " (" + lastError + ")")
          + (gone.isEmpty() ? "" : "; exited: " + describe(gone)));
    }
    return Optional.empty();
  }

  private String alsoFatalLine(String cause) {
    return name + ": " + cause + ": the run ends before the store fails on it; give a smaller -k, or --results on a"
        + " larger disk";
  }

  /** A call on the store's administration, for {@link #await}. */
  @FunctionalInterface
  public interface AdminCall<T> {
    T call() throws DBException;
  }

  /**
   * Runs {@code call} on a thread of its own and returns what it returns, unless the store stops answering the
   * watch's pings or its local server exits first: then it throws with {@link #fault()}'s reason, and leaves the
   * call to its client's retries on a daemon thread (the caller abandons the SUT). A count that takes long on a
   * store that answers is waited for: only silence ends it.
   */
  public <T> T await(AdminCall<T> call) throws DBException, SutDeadException, InterruptedException {
    FutureTask<T> task = new FutureTask<>(call::call);
    Thread calling = new Thread(task, "sut-admin");
    calling.setDaemon(true);
    calling.setContextClassLoader(Thread.currentThread().getContextClassLoader());
    calling.start();
    while (true) {
      try {
        return task.get(LOOK_EVERY_MILLIS, TimeUnit.MILLISECONDS);
      } catch (TimeoutException e) {
        Optional<String> f = fault();
        if (f.isPresent()) {
          calling.interrupt();
          throw new SutDeadException(f.get());
        }
      } catch (ExecutionException e) {
        Throwable cause = e.getCause();
        if (cause instanceof DBException d) {
          throw d;
        } else if (cause instanceof RuntimeException r) {
          throw r;
        } else if (cause instanceof Error r) {
          throw r;
        }
        throw new IllegalStateException(cause);
      }
    }
  }

  /** The local server's nodes now (empty for a SUT the kit did not start), for the master's resource sampling. */
  public List<LocalServer.Node> nodes() {
    return sut.nodes();
  }

  /** The outages that ended, so far. */
  public synchronized List<SutOutage> outages() {
    return List.copyOf(outages);
  }

  private static boolean alive(LocalServer.Node n) {
    return ProcessHandle.of(n.pid()).map(ProcessHandle::isAlive).orElse(false);
  }

  private static String describe(List<LocalServer.Node> nodes) {
    return String.join(", ", nodes.stream().map(n -> n.name() + " pid " + n.pid()).toList());
  }

  /** The SUT stopped answering, or its local server exited, while the run needed it. */
  public static final class SutDeadException extends SutSession.SutException {
    public SutDeadException(String message) {
      super(message);
    }
  }

  /**
   * Stops pinging; the pinging thread closes its connection when its ping returns. Waits a little for that, so
   * that the connection's last log lines fall within the run; a ping stuck in client retries is not waited out.
   */
  @Override
  public void close() {
    pinging.interrupt();
    try {
      pinging.join(CLOSE_WAIT_MILLIS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
