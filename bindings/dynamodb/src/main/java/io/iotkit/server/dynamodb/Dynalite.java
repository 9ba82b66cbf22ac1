package io.iotkit.server.dynamodb;

import io.iotkit.process.NativeServer;
import io.iotkit.process.ServerChild;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * One dynalite process: {@code node --require DIR/close-iterators.js cli.js --host ADDR --port N --path DIR/data}
 * (items in LevelDB on disk; the script closes the iterators dynalite leaves open, see {@link #CLOSE_ITERATORS}), its
 * output in {@code DIR/dynalite.log}, ready once it logged that it listens and its port takes a connection.
 */
final class Dynalite extends NativeServer {
  private static final Duration START_TIMEOUT = Duration.ofSeconds(60);
  private static final Duration STOP_GRACE = Duration.ofSeconds(20);

  private final Path node;
  private final Path cli;
  private final Path dir;

  Dynalite(Path node, Path cli, Path dir, String host) {
    super("dynalite", host, dir.resolve("dynalite.log"), START_TIMEOUT, STOP_GRACE, List.of("Error", "EADDRINUSE"),
        "EADDRINUSE");
    this.node = node;
    this.cli = cli;
    this.dir = dir;
  }

  /**
   * The script node loads ahead of dynalite: it gives abstract-level's iterators the {@code return()} through
   * which dynalite 4 closes a query's iterator when there is one, and which abstract-level 3 lacks. Without it,
   * every Query left its LevelDB iterator open, and with it the files of the iterator's version: the data folder
   * grew without bound while dashboard queries ran.
   */
  static final String CLOSE_ITERATORS = "close-iterators.js";

  @Override
  public void start(int requestedPort) throws IOException, InterruptedException {
    Files.createDirectories(dir.resolve("data"));
    try (InputStream in = Dynalite.class.getResourceAsStream(CLOSE_ITERATORS)) {
      if (in == null) {
        throw new IOException(CLOSE_ITERATORS + " is missing from the launcher's jar; rebuild the kit");
      }
      Files.copy(in, dir.resolve(CLOSE_ITERATORS), StandardCopyOption.REPLACE_EXISTING);
    }
    super.start(requestedPort);
  }

  @Override
  protected List<String> command(int port) {
    return List.of(node.toString(), "--require", dir.resolve(CLOSE_ITERATORS).toString(), cli.toString(), "--host",
        host(), "--port", Integer.toString(port), "--path", dir.resolve("data").toString());
  }

  /** Once it logged that it listens (the port alone may be another program's) and its port takes a connection. */
  @Override
  protected boolean serves(long logStart) throws IOException {
    String logged = ServerChild.logSince(log(), logStart);
    return logged.toLowerCase(Locale.ROOT).contains("listening at") && accepts();
  }

  private boolean accepts() {
    try (Socket s = new Socket()) {
      s.connect(new InetSocketAddress(host(), port()), 1_000);
      return true;
    } catch (IOException e) {
      return false;
    }
  }
}
