package io.iotkit.cli;

/** Input the kit cannot run with; its message is the one line the user sees. */
final class BadInputException extends Exception {
  BadInputException(String message) {
    super(message);
  }
}
