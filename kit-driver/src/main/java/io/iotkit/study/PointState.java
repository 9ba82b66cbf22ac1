package io.iotkit.study;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.Instant;
import java.util.List;

/**
 * One point of a study as study.json keeps it.
 *
 * @param value the swept option's value at this point
 * @param options the run's options (without the study's results folder and -q)
 * @param runFolder the point's run folder, relative to the study folder; null until a run made one
 * @param status where the point stands
 * @param exitCode the run's exit code once it ended; null before
 * @param lastLine the last line the run printed, for a failed point; null otherwise
 * @param log the run's output, relative to the study folder
 * @param repetition which run of its point this is, from 1 (absent from study.json of earlier kits: 1)
 */
public record PointState(String value, List<String> options, String runFolder, Status status, Integer exitCode,
                         String lastLine, String log, Instant started, Instant finished, Integer repetition) {

  /** Where a point stands. */
  public enum Status {
    @JsonProperty("not run") NOT_RUN,
    /** Started and not ended: the study was stopped while it ran. */
    @JsonProperty("running") RUNNING,
    @JsonProperty("done") DONE,
    @JsonProperty("failed") FAILED;

    @Override
    public String toString() {
      return name().toLowerCase(java.util.Locale.ROOT).replace('_', ' ');
    }
  }

  public PointState {
    options = List.copyOf(options);
    repetition = repetition == null ? 1 : repetition;
  }

  /** The same run with another state, keeping its point and repetition. */
  PointState with(String folder, Status newStatus, Integer exit, String last, String logFile, Instant start,
                  Instant end) {
    return new PointState(value, options, folder, newStatus, exit, last, logFile, start, end, repetition);
  }

  /** A run no process has been started for. */
  public static PointState notRun(StudySpec.Run r) {
    return new PointState(r.point().value(), r.point().options(), null, Status.NOT_RUN, null, null, null, null, null,
        r.repetition());
  }
}
