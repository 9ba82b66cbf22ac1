package io.iotkit.hostprobe;

import io.iotkit.check.FileManifest;
import io.iotkit.control.ControlLine;
import io.iotkit.control.ProbeLine;
import io.iotkit.environment.EnvironmentProbe;
import io.iotkit.model.Clock;
import io.iotkit.model.Json;
import io.iotkit.model.KitLayout;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Runs on a driver host at the start of a run, behind ssh, before any instance: says what the host is and holds
 * (the digests of the kit files the host needs, computed here, and its environment), then answers the master's
 * clock pings, in the lines of {@link ProbeLine}. Exits when stdin closes.
 *
 * <p>Arguments: the kit folder on this host, the binding, then the instances' JVM options (for the record).
 */
public final class HostProbe {
  private HostProbe() {
  }

  public static void main(String[] args) throws Exception {
    PrintStream out = new PrintStream(System.out, false, StandardCharsets.UTF_8);
    System.setOut(System.err);
    KitLayout kit = new KitLayout(Path.of(args[0]));
    String binding = args[1];
    List<String> jvmOptions = Arrays.asList(args).subList(2, args.length);
    for (Map.Entry<String, String> e : FileManifest.digest(kit.home(), kit.driverHostFiles(binding)).entrySet()) {
      out.println(ProbeLine.FILE + " " + e.getValue() + " " + e.getKey());
    }
    out.println(ProbeLine.ENV + " " + Json.line(EnvironmentProbe.collect(jvmOptions)));
    out.println(ControlLine.READY);
    out.flush();
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    String line;
    while ((line = in.readLine()) != null) {
      if (line.trim().equals(ProbeLine.PING)) {
        out.println(ProbeLine.PONG + " " + Clock.micros());
        out.flush();
      }
    }
  }
}
