package io.iotkit.check;

import io.iotkit.model.CheckResult;
import io.iotkit.model.Figure;
import io.iotkit.model.Limit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The cleanup's restart as the SUT's servers tell it (docs/PROTOCOL.md §4.3): each server's own start identity
 * (a start code, a start time) read before the restart and after it. The restart is proven when no server still
 * runs the start it had before and as many servers serve as before; a restart command's exit status alone proves
 * nothing, so a store that reports no start identity leaves an external SUT's restart unproven.
 */
public final class ServerRestarts {
  public static final String NAME = "cleanup: SUT restarted, as its servers tell";
  private static final String LIMIT = "every server started anew";

  private ServerRestarts() {
  }

  /**
   * @param before each server's start identity before the restart, by server; empty when the store does not say
   * @param after the same after the restart
   */
  public static CheckResult check(Map<String, String> before, Map<String, String> after) {
    if (before.isEmpty()) {
      return CheckResult.of(NAME, "could not tell: the store reports no server start", LIMIT, false,
          "nothing but the restart command's exit status says the SUT restarted; the binding cannot read a start"
              + " identity from this store");
    }
    List<String> unchanged = new ArrayList<>();
    before.forEach((server, start) -> {
      if (Objects.equals(after.get(server), start)) {
        unchanged.add(server + " (" + start + ")");
      }
    });
    int anew = after.size() - (int) after.entrySet().stream()
        .filter(e -> Objects.equals(before.get(e.getKey()), e.getValue())).count();
    String measured;
    if (!unchanged.isEmpty()) {
      measured = "start unchanged: " + String.join(", ", unchanged);
    } else if (after.size() < before.size()) {
      measured = after.size() + " server(s) serve after the restart, " + before.size() + " before";
    } else {
      measured = anew + " of " + before.size() + " server(s) started anew (" + describe(after) + ")";
    }
    boolean passed = unchanged.isEmpty() && after.size() >= before.size();
    return CheckResult.measure(NAME, Figure.of(unchanged.size() + Math.max(0, before.size() - after.size()),
        "servers not restarted", measured), Limit.exactly(0, "servers not restarted", LIMIT),
        "the SUT's servers report the start they had before the restart: it did not restart");
  }

  private static String describe(Map<String, String> starts) {
    List<String> parts = new ArrayList<>();
    starts.forEach((server, start) -> parts.add(server + ": " + start));
    return String.join("; ", parts);
  }
}
