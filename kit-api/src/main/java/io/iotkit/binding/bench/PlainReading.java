package io.iotkit.binding.bench;

/**
 * One reading's content as plain data, for a {@link PlainClientLoop}: made by the kit's own generator, so the
 * reference writes what the kit writes. The loop stamps each write with a timestamp of its own.
 *
 * @param sensor  the sensor's key within its substation
 * @param value   the value field (decimal text)
 * @param unit    the unit field
 * @param padding the incompressible padding field
 */
public record PlainReading(String sensor, String value, String unit, byte[] padding) {
}
