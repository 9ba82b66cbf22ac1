package io.iotkit.template;

/**
 * A template that cannot be rendered: missing, malformed, or naming something its view does not have. For the
 * kit's own page templates it is a defect of the kit; for a document template in a folder the user may edit, the
 * caller words it for the user. The message is one line.
 */
public final class TemplateException extends RuntimeException {
  TemplateException(String template, Throwable cause) {
    super("template " + template + " cannot be rendered: "
        + String.valueOf(cause.getMessage()).replaceAll("\\s*[\\r\\n]+\\s*", " "), cause);
  }
}
