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
 */
public record PointState(String value, List<String> options, String runFolder, Status status, Integer exitCode,
                         String lastLine, String log, Instant started, Instant finished) {

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
  }

  /** A point no run has been started for. */
  public static PointState notRun(StudySpec.Point p) {
    return new PointState(p.value(), p.options(), null, Status.NOT_RUN, null, null, null, null, null);
  }
}
