package io.iotkit.cli;

/**
 * Input the kit cannot run with; its message is what the user sees: one line, and for a bad sponsor file a line per
 * bad field besides.
 */
final class BadInputException extends Exception {
  BadInputException(String message) {
    super(message);
  }
}
