package io.iotkit.model;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The sponsor's description of the system under test (workloads/system.json), for the FDR and the executive
 * summary. Anything left null or empty is listed as missing in those documents, never invented. The pricing line
 * items and the availability date are not here: they are in the pricing file.
 *
 * <p>Two configurations, each described with its diagram: the measured one ({@code hardware}) and the priced one
 * ({@code pricedHardware}); a description without {@code pricedHardware} (every one written before it existed)
 * prices the measured configuration itself. {@code pricedConfigurationDifferences} says how the two differ (write
 * "none" when they are the same).
 *
 * @param systemName the name of the system as the sponsor publishes it
 * @param reportDate the date of the report; optional, the run's finish date when null
 * @param auditor name and company of the auditor; for an unaudited run the sponsor writes so
 * @param hardware the measured configuration: what the run ran on
 * @param pricedHardware the priced configuration; optional, null when it is the measured configuration
 * @param tunables every setting changed from its default (SUT, OS, JVM, kit); an empty list says none was changed
 * @param compilerOptions the compiler optimisation options of any software compiled for the run (e.g. a native
 *     server built from source), as free text; optional, null when the sponsor names none
 * @param dataLayout tables, column families or schemas, partitioning and pre-splitting, replication
 */
public record SystemDescription(String sponsor, String systemName, LocalDate reportDate, String auditor,
                                Hardware hardware, Hardware pricedHardware, Software software,
                                List<Tunable> tunables, String compilerOptions, String dataLayout,
                                String pricedConfigurationDifferences) {

  /** A description with nothing filled in: what a run without one is shown as. */
  public static final SystemDescription NONE =
      new SystemDescription(null, null, null, null, null, null, null, null, null);

  /** A description whose priced configuration is the measured one, naming no compiler options. */
  public SystemDescription(String sponsor, String systemName, LocalDate reportDate, String auditor,
                           Hardware hardware, Software software, List<Tunable> tunables, String dataLayout,
                           String pricedConfigurationDifferences) {
    this(sponsor, systemName, reportDate, auditor, hardware, null, software, tunables, null, dataLayout,
        pricedConfigurationDifferences);
  }

  /** The priced configuration: {@code pricedHardware}, or the measured {@code hardware} when it gives none. */
  public Hardware pricedConfiguration() {
    return pricedHardware != null ? pricedHardware : hardware;
  }

  /**
   * The hardware of one configuration, measured or priced.
   *
   * @param diagram where the diagram of every node, switch and storage system is (file name or section)
   * @param network the network between the nodes: switches, LAN count and speed
   * @param other any other hardware used in the test or priced; optional
   */
  public record Hardware(String diagram, List<Node> nodes, String network, String other) {
  }

  /**
   * One kind of node: {@code count} identical machines in one role.
   *
   * @param role what the nodes do, e.g. "HBase region server" or "driver"
   * @param memoryPartitioning memory partitioning unique to the SUT; optional
   * @param storageControllers the disk controllers, channels or bus connections and protocol
   * @param network the node's LAN connections: count and speed
   */
  public record Node(String role, Integer count, String model, Processors processors, String memory,
                     String memoryPartitioning, List<Disks> disks, String storageControllers, String network) {
  }

  /**
   * The processors of one node.
   *
   * @param count processors (sockets) per node
   * @param caches the cache sizes, e.g. "L2 1 MiB per core, L3 32 MiB shared"
   */
  public record Processors(String model, Integer count, Integer coresPerProcessor, Integer threadsPerCore,
                           String caches) {
  }

  /**
   * Identical disk units of one node.
   *
   * @param type e.g. "NVMe SSD", "SAS HDD 10k rpm"
   * @param capacity the capacity of one unit, e.g. "1.92 TB"
   */
  public record Disks(Integer count, String type, String capacity) {
  }

  /**
   * The software stack.
   *
   * @param other any other software used in the test or priced; optional
   */
  public record Software(Product dataManagementSystem, Product operatingSystem, Product jvm, List<Product> other) {
  }

  /** One piece of software and its version. */
  public record Product(String name, String version) {
  }

  /**
   * One setting changed from its default.
   *
   * @param component SUT, OS, JVM or kit, or a finer name such as "hbase-site.xml"
   */
  public record Tunable(String component, String setting, String value) {
  }

  /** Reads a system description file; the exception's message is one line fit for the user. */
  public static SystemDescription load(Path file) throws InvalidSystemDescriptionException {
    SystemDescription d;
    try {
      // Strict: a misspelt field would otherwise vanish and show up as "MISSING" in the FDR with no clue why.
      ObjectMapper strict = Json.mapper().copy()
          .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
          .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
          .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT);
      d = strict.readValue(Files.readString(file), SystemDescription.class);
    } catch (NoSuchFileException e) {
      throw new InvalidSystemDescriptionException(file, "no such file");
    } catch (UnrecognizedPropertyException e) {
      String known = e.getKnownPropertyIds() == null ? "" : e.getKnownPropertyIds().stream().map(String::valueOf)
          .sorted().collect(Collectors.joining(", ", " (known here: ", ")"));
      throw new InvalidSystemDescriptionException(file, "has an unknown field '" + Json.fieldPath(e) + "'" + known);
    } catch (JsonProcessingException e) {
      throw new InvalidSystemDescriptionException(file, "is not valid system description JSON" + where(e)
          + " (" + e.getOriginalMessage() + ")");
    } catch (IOException e) {
      throw new InvalidSystemDescriptionException(file, "cannot be read (" + e.getMessage() + ")");
    }
    if (d == null) {
      throw new InvalidSystemDescriptionException(file, "is empty (null)");
    }
    checkCounts(file, d);
    return d;
  }

  /** Counts the sponsor gave must be whole numbers >= 1; a count left out is merely missing. */
  private static void checkCounts(Path file, SystemDescription d) throws InvalidSystemDescriptionException {
    checkCounts(file, "hardware", d.hardware());
    checkCounts(file, "pricedHardware", d.pricedHardware());
  }

  private static void checkCounts(Path file, String field, Hardware h) throws InvalidSystemDescriptionException {
    if (h == null || h.nodes() == null) {
      return;
    }
    for (int i = 0; i < h.nodes().size(); i++) {
      Node n = h.nodes().get(i);
      String at = field + ".nodes[" + i + "]";
      if (n == null) {
        throw new InvalidSystemDescriptionException(file, "has an empty node at " + at);
      }
      positive(file, at + ".count", n.count());
      if (n.processors() != null) {
        positive(file, at + ".processors.count", n.processors().count());
        positive(file, at + ".processors.coresPerProcessor", n.processors().coresPerProcessor());
        positive(file, at + ".processors.threadsPerCore", n.processors().threadsPerCore());
      }
      if (n.disks() != null) {
        for (int j = 0; j < n.disks().size(); j++) {
          Disks g = n.disks().get(j);
          if (g == null) {
            throw new InvalidSystemDescriptionException(file, "has an empty disk entry at " + at + ".disks[" + j + "]");
          }
          positive(file, at + ".disks[" + j + "].count", g.count());
        }
      }
    }
  }

  private static void positive(Path file, String field, Integer value) throws InvalidSystemDescriptionException {
    if (value != null && value < 1) {
      throw new InvalidSystemDescriptionException(file, "has " + field + " = " + value + " (a whole number >= 1)");
    }
  }

  /** Where in the file an error is: " at hardware.nodes[0].count" or " at line 3, column 7". */
  private static String where(JsonProcessingException e) {
    if (e instanceof JsonMappingException m && !m.getPath().isEmpty()) {
      return " at " + Json.fieldPath(m);
    }
    JsonLocation l = e.getLocation();
    return l == null || l.getLineNr() < 1 ? "" : " at line " + l.getLineNr() + ", column " + l.getColumnNr();
  }

  /** A system description file that is missing or malformed. */
  public static final class InvalidSystemDescriptionException extends Exception {
    public InvalidSystemDescriptionException(Path file, String what) {
      // One line whatever the parser said: the message is printed as the run's only error line.
      super(("system description file " + file + " " + what + "; see workloads/system.json for the format")
          .replaceAll("\\s*[\\r\\n]+\\s*", " "));
    }
  }
}
