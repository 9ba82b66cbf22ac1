package io.iotkit.instance;

/** One sensor of a substation: a key unique within the substation, and its type. */
record Sensor(String key, SensorType type) {
}
