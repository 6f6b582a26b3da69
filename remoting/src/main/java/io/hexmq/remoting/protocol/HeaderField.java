package io.hexmq.remoting.protocol;

import java.util.Objects;

/**
 * One field of a request or response header as both sides of the wire know it: its name, its name in
 * the {@link HeaderSpelling#COMPACT compact spelling} (the same name when it has no letter of its own),
 * whether a reader must find it, and what an absent optional field reads as. {@code T} is the type of
 * its value ({@code String}, {@code Integer}, {@code Long} or {@code Boolean}), which reading and
 * writing through the field check at compile time.
 *
 * <p>Each header the broker and the SDK share defines its fields once, in {@code io.hexmq.remoting.header}:
 * the reading side uses {@link HeaderReader#stringOf}, {@link HeaderReader#intOf} and their siblings, the
 * writing side {@link RemotingCommand.Builder#extField(HeaderField, String)} and its siblings. Reading
 * through a field costs what reading by name costs: no reflection, no boxing.
 *
 * @param <T> the type of the field's value
 */
public final class HeaderField<T> {

    private final String name;
    private final String compactName;
    private final boolean required;
    private final String absentText;
    private final long absentNumber;

    private HeaderField(String name, String compactName, boolean required, String absentText, long absentNumber) {
        this.name = Objects.requireNonNull(name, "name");
        this.compactName = Objects.requireNonNull(compactName, "compactName");
        this.required = required;
        this.absentText = absentText;
        this.absentNumber = absentNumber;
    }

    public static HeaderField<String> requiredString(String name) {
        return new HeaderField<>(name, name, true, null, 0);
    }

    /** @param absent what the field reads as when it is not there, {@code null} allowed */
    public static HeaderField<String> optionalString(String name, String absent) {
        return new HeaderField<>(name, name, false, absent, 0);
    }

    public static HeaderField<Integer> requiredInt(String name) {
        return new HeaderField<>(name, name, true, null, 0);
    }

    public static HeaderField<Integer> optionalInt(String name, int absent) {
        return new HeaderField<>(name, name, false, null, absent);
    }

    public static HeaderField<Long> requiredLong(String name) {
        return new HeaderField<>(name, name, true, null, 0);
    }

    public static HeaderField<Long> optionalLong(String name, long absent) {
        return new HeaderField<>(name, name, false, null, absent);
    }

    public static HeaderField<Boolean> requiredBoolean(String name) {
        return new HeaderField<>(name, name, true, null, 0);
    }

    public static HeaderField<Boolean> optionalBoolean(String name, boolean absent) {
        return new HeaderField<>(name, name, false, null, absent ? 1 : 0);
    }

    /** This field, named {@code letter} in the compact spelling. */
    public HeaderField<T> compact(String letter) {
        return new HeaderField<>(name, letter, required, absentText, absentNumber);
    }

    /** The full name, which every request code but the compact family uses. */
    public String name() {
        return name;
    }

    public String name(HeaderSpelling spelling) {
        return spelling == HeaderSpelling.COMPACT ? compactName : name;
    }

    /** Whether a reader refuses the request when the field is absent ({@link MissingHeaderFieldException}). */
    public boolean isRequired() {
        return required;
    }

    String absentText() {
        return absentText;
    }

    long absentNumber() {
        return absentNumber;
    }

    @Override
    public String toString() {
        return name.equals(compactName) ? name : name + "/" + compactName;
    }
}
