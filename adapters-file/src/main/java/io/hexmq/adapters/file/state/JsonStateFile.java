package io.hexmq.adapters.file.state;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonParseException;
import io.hexmq.domain.DomainException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * One small state file holding JSON of the shape {@code S}, replaced atomically on every write
 * ({@link AtomicFile}): what every JSON store does alike. The JSON is pretty-printed and written
 * without HTML escaping, so that names with {@code <>&='} read as they are. Any failure, I/O, JSON that
 * does not parse or content the model refuses, becomes the store's own storage exception, whose message
 * names what the file holds and where it is.
 *
 * @param <S> the file's JSON shape, a class Gson fills
 */
final class JsonStateFile<S> {

    private final Gson gson = new GsonBuilder().setPrettyPrinting().disableHtmlEscaping().create();
    private final AtomicFile file;
    private final Class<S> shape;
    private final String contents;
    private final BiFunction<String, Throwable, ? extends RuntimeException> failure;

    /**
     * @param contents what the file holds, for messages ("topic configs")
     * @param failure  the store's storage exception, of a message and its cause
     */
    JsonStateFile(Path path, Class<S> shape, String contents,
                  BiFunction<String, Throwable, ? extends RuntimeException> failure) {
        this.file = new AtomicFile(path);
        this.shape = shape;
        this.contents = contents;
        this.failure = failure;
    }

    /**
     * The file's content as {@code convert} makes it of the parsed shape (null for an empty file), or
     * {@code whenMissing} when the file was never written. {@code convert} refuses content by throwing
     * a {@link JsonParseException}, a {@link DomainException} or an {@link IllegalArgumentException}.
     */
    <T> T read(T whenMissing, Function<S, T> convert) {
        try {
            Optional<byte[]> bytes = file.read();
            if (bytes.isEmpty()) {
                return whenMissing;
            }
            return convert.apply(gson.fromJson(new String(bytes.get(), StandardCharsets.UTF_8), shape));
        } catch (IOException | JsonParseException | DomainException | IllegalArgumentException e) {
            throw failure.apply("cannot read " + contents + " from " + file.path() + ": " + e.getMessage(), e);
        }
    }

    void write(S content) {
        try {
            file.write(gson.toJson(content).getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw failure.apply("cannot write " + contents + " to " + file.path() + ": " + e.getMessage(), e);
        }
    }
}
