package io.hexmq.adapters.file.state;

import io.hexmq.domain.auth.AuthStorageException;
import io.hexmq.domain.auth.plain.PlainAclTable;
import io.hexmq.domain.auth.plain.port.PlainAclStore;
import io.hexmq.domain.time.port.Clock;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Optional;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.representer.Representer;

/**
 * ACL 1.0's {@code plain_acl.yml}, read and written in RocketMQ 4.9's layout ({@link PlainAclYaml}). SnakeYAML
 * reads it with its safe constructor (plain maps, lists and scalars, never a class the file names) and a small
 * alias limit, so a hostile file can neither run code nor blow up into memory. A save replaces the file
 * atomically; a change is told by the file's bytes, so an edit that keeps its modification time still counts.
 */
public final class YamlPlainAclStore implements PlainAclStore {

    /** Aliases a hand-written ACL file has no use for; a few are harmless, many are a billion-laughs file. */
    private static final int MAX_ALIASES = 10;

    private final AtomicFile file;
    private final Clock clock;
    private byte[] lastSeen;

    public YamlPlainAclStore(Path path, Clock clock) {
        this.file = new AtomicFile(path);
        this.clock = clock;
    }

    @Override
    public synchronized Optional<PlainAclTable> load() {
        Optional<byte[]> content = read();
        content.ifPresent(bytes -> lastSeen = bytes);
        return content.map(this::parse);
    }

    @Override
    public synchronized Optional<PlainAclTable> loadIfChanged() {
        // A file that disappeared keeps the accounts in force: deleting it must not open the broker.
        Optional<byte[]> content = read().filter(bytes -> !Arrays.equals(bytes, lastSeen));
        // Taken as seen before parsing, so a broken edit is reported once, not on every check until it is fixed.
        content.ifPresent(bytes -> lastSeen = bytes);
        return content.map(this::parse);
    }

    @Override
    public synchronized void save(PlainAclTable table) {
        byte[] content = yaml().dump(PlainAclYaml.write(table)).getBytes(StandardCharsets.UTF_8);
        try {
            file.write(content);
        } catch (IOException e) {
            throw new AuthStorageException("cannot write the ACL file " + file.path() + ": " + e.getMessage(), e);
        }
        lastSeen = content;
    }

    @Override
    public String location() {
        return file.path().toString();
    }

    private Optional<byte[]> read() {
        try {
            return file.read();
        } catch (IOException e) {
            throw new AuthStorageException("cannot read the ACL file " + file.path() + ": " + e.getMessage(), e);
        }
    }

    private PlainAclTable parse(byte[] content) {
        Object document;
        try {
            document = yaml().load(new String(content, StandardCharsets.UTF_8));
        } catch (YAMLException e) {
            // The parser's message and cause quote the offending text, which may be a secret: name the line only.
            String line = e instanceof MarkedYAMLException marked && marked.getProblemMark() != null
                    ? " at line " + (marked.getProblemMark().getLine() + 1) : "";
            throw new AuthStorageException("the ACL file " + file.path() + " is not valid YAML" + line, null);
        }
        return PlainAclYaml.read(document, clock.millis(), file.path().toString());
    }

    private static Yaml yaml() {
        LoaderOptions loading = new LoaderOptions();
        loading.setMaxAliasesForCollections(MAX_ALIASES);
        loading.setAllowDuplicateKeys(false);
        DumperOptions dumping = new DumperOptions();
        dumping.setDefaultFlowStyle(DumperOptions.FlowStyle.BLOCK);
        dumping.setIndent(2);
        dumping.setIndicatorIndent(2);
        dumping.setIndentWithIndicator(true);
        return new Yaml(new SafeConstructor(loading), new Representer(dumping), dumping, loading);
    }
}
