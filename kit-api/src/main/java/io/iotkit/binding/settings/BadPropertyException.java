package io.iotkit.binding.settings;

import java.util.Optional;

/**
 * A binding property the kit cannot run with. Its message is the one line the user sees: the property's name, its
 * value (never a secret's) and what is wrong.
 *
 * <p>A binding's {@code init()} (or {@code prepare()}, for a property that does not fit the run, such as too few
 * partitions for its substations) passes it on as the cause of the {@link site.ycsb.DBException} it throws; the
 * master then ends the run as bad input (exit code 2) rather than as a failed SUT. It is an
 * {@link IllegalArgumentException}, so code that checks arguments that way keeps working.
 */
public class BadPropertyException extends IllegalArgumentException {

  public BadPropertyException(String message) {
    super(message);
  }

  /** Whether {@code failure}, or anything in its chain of causes, is a bad property. */
  public static boolean isCauseOf(Throwable failure) {
    return in(failure).isPresent();
  }

  /** The bad property that is {@code failure} or in its chain of causes, if any. */
  public static Optional<BadPropertyException> in(Throwable failure) {
    for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t instanceof BadPropertyException b) {
        return Optional.of(b);
      }
    }
    return Optional.empty();
  }
}
