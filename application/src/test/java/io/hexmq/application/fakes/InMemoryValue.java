package io.hexmq.application.fakes;

/**
 * One saved value in memory, as a store port that loads and saves a whole value has it: loading gives
 * the last value saved ({@code initial} before any); saves are counted so tests see when it was persisted.
 *
 * @param <T> the value the port saves
 */
public class InMemoryValue<T> {

    private T saved;
    private int saves;

    protected InMemoryValue(T initial) {
        this.saved = initial;
    }

    public synchronized T load() {
        return saved;
    }

    public synchronized void save(T value) {
        saved = value;
        saves++;
    }

    public synchronized int saves() {
        return saves;
    }
}
