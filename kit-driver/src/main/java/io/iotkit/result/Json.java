package io.iotkit.result;

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

  public static <T> T read(Path file, Class<T> type) throws IOException {
    return MAPPER.readValue(file.toFile(), type);
  }

  public static ObjectMapper mapper() {
    return MAPPER;
  }
}
