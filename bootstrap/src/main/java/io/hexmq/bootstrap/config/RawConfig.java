package io.hexmq.bootstrap.config;

import io.hexmq.bootstrap.lifecycle.LaunchException;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;

/**
 * Settings as the user wrote them: a RocketMQ-style properties file, then {@code -Dkey=value}
 * overrides on the command line. Typed settings records read from it once at start; keys nobody
 * read are reported so a misspelt property does not go unnoticed.
 */
public final class RawConfig {

    private final Map<String, String> values;
    private final Set<String> read = new HashSet<>();

    private RawConfig(Map<String, String> values) {
        this.values = values;
    }

    public static RawConfig of(Map<String, String> values) {
        return new RawConfig(new LinkedHashMap<>(values));
    }

    /** Loads {@code file} (when given) and applies {@code overrides} on top. */
    public static RawConfig load(Path file, Map<String, String> overrides) throws LaunchException {
        Map<String, String> merged = new LinkedHashMap<>();
        if (file != null) {
            Properties properties = new Properties();
            try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
                properties.load(reader);
            } catch (IOException | IllegalArgumentException e) {
                throw new LaunchException("cannot read config file " + file + ": " + describe(e), e);
            }
            for (String name : properties.stringPropertyNames()) {
                merged.put(name, properties.getProperty(name).trim());
            }
        }
        if (overrides != null) {
            overrides.forEach((key, value) -> merged.put(key, value == null ? "" : value.trim()));
        }
        return new RawConfig(merged);
    }

    private static String describe(Exception e) {
        if (e instanceof java.nio.file.NoSuchFileException) {
            return "no such file";
        }
        if (e instanceof java.nio.file.AccessDeniedException) {
            return "permission denied";
        }
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }

    public RawConfig with(String key, String value) {
        Map<String, String> copy = new LinkedHashMap<>(values);
        copy.put(key, value);
        return new RawConfig(copy);
    }

    public boolean has(String key) {
        return values.containsKey(key);
    }

    public String string(String key, String defaultValue) {
        read.add(key);
        String value = values.get(key);
        return value == null || value.isEmpty() ? defaultValue : value;
    }

    public int integer(String key, int defaultValue) throws LaunchException {
        String value = string(key, null);
        if (value == null) {
            return defaultValue;
        }
        try {
            return Integer.parseInt(value);
        } catch (NumberFormatException e) {
            throw new LaunchException("setting " + key + " must be an integer, got '" + value + "'");
        }
    }

    public long longValue(String key, long defaultValue) throws LaunchException {
        String value = string(key, null);
        if (value == null) {
            return defaultValue;
        }
        try {
            return Long.parseLong(value);
        } catch (NumberFormatException e) {
            throw new LaunchException("setting " + key + " must be an integer, got '" + value + "'");
        }
    }

    public boolean bool(String key, boolean defaultValue) throws LaunchException {
        String value = string(key, null);
        if (value == null) {
            return defaultValue;
        }
        if (value.equalsIgnoreCase("true")) {
            return true;
        }
        if (value.equalsIgnoreCase("false")) {
            return false;
        }
        throw new LaunchException("setting " + key + " must be true or false, got '" + value + "'");
    }

    /** Keys some settings record asked for, set or not: every setting the launch reads. */
    public Set<String> readKeys() {
        return new TreeSet<>(read);
    }

    /** Keys present in the file or overrides that no settings record asked for. */
    public Set<String> unreadKeys() {
        Set<String> unread = new TreeSet<>(values.keySet());
        unread.removeAll(read);
        return unread;
    }
}
