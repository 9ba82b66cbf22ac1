package io.iotkit.resources;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The CPU time this JVM's JIT compiler threads (HotSpot's "C1 CompilerThreadN" and "C2 CompilerThreadN") have
 * used, from /proc/self/task. Compiling is a cost of a JVM's first minutes, not of each reading: where two clients
 * take turns in one JVM, as the kit's benchmark runs them, whichever round is running when the compiler works
 * pays for it, and the rounds' CPU per reading moves with it.
 */
public final class JitCompilerCpu {
  private static final Path TASKS = Path.of("/proc/self/task");
  private static final long NANOS_PER_TICK = 1_000_000_000L / ProcText.USER_HZ;

  private JitCompilerCpu() {
  }

  /** Nanoseconds of CPU the compiler threads have used so far; 0 where /proc cannot be read. */
  public static long nanos() {
    long ticks = 0;
    try (DirectoryStream<Path> threads = Files.newDirectoryStream(TASKS)) {
      for (Path thread : threads) {
        ticks += compilerTicks(thread.resolve("stat"));
      }
    } catch (IOException | RuntimeException e) {
      return 0;
    }
    return ticks * NANOS_PER_TICK;
  }

  private static long compilerTicks(Path stat) {
    try {
      ProcText.ThreadTicks t = ProcText.threadTicks(Files.readString(stat));
      return isCompiler(t.name()) ? t.ticks() : 0;
    } catch (IOException e) {
      return 0; // the thread ended while the folder was read
    }
  }

  /** Whether a thread name, as /proc truncates it to 15 characters, is one of HotSpot's compiler threads. */
  static boolean isCompiler(String name) {
    return name.matches("C[12] CompilerThre.*");
  }
}
