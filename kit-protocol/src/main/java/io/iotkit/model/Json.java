package io.iotkit.model;

import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import java.io.IOException;
import java.nio.file.Path;

/** Reads and writes the kit's result records as JSON. */
public final class Json {
  private static final ObjectMapper MAPPER = new ObjectMapper()
      .registerModule(new JavaTimeModule())
      .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
      .enable(SerializationFeature.INDENT_OUTPUT);

  private Json() {
  }

  public static void write(Path file, Object value) throws IOException {
    MAPPER.writeValue(file.toFile(), value);
  }

  public static byte[] bytes(Object value) throws IOException {
    return MAPPER.writeValueAsBytes(value);
  }

  /** One line of JSON, for the control channel between master and instance. */
  public static String line(Object value) throws IOException {
    return MAPPER.writer().without(SerializationFeature.INDENT_OUTPUT).writeValueAsString(value);
  }

  public static <T> T parse(String json, Class<T> type) throws IOException {
    return MAPPER.readValue(json, type);
  }

  public static <T> T read(Path file, Class<T> type) throws IOException {
    return MAPPER.readValue(file.toFile(), type);
  }

  /** Where in a document a mapping error is, as a path such as "hardware.nodes[0].count"; empty if unknown. */
  public static String fieldPath(JsonMappingException e) {
    StringBuilder sb = new StringBuilder();
    for (JsonMappingException.Reference r : e.getPath()) {
      if (r.getFieldName() != null) {
        sb.append(sb.length() > 0 ? "." : "").append(r.getFieldName());
      } else {
        sb.append('[').append(r.getIndex()).append(']');
      }
    }
    return sb.toString();
  }

  public static ObjectMapper mapper() {
    return MAPPER;
  }
}
