package io.hexmq.remoting.protocol;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The names of request or response codes as labels, the way RocketMQ's metrics write them: the constant's name in
 * lower case ({@code send_message}, {@code success}), or the number for a code without a name. Built once from
 * {@link RequestCode} or {@link ResponseCode}, so the names are defined where the codes are.
 */
public final class CodeNames {

    private final Map<Integer, String> names;

    private CodeNames(Map<Integer, String> names) {
        this.names = Map.copyOf(names);
    }

    public static CodeNames ofRequests() {
        return of(RequestCode.class);
    }

    public static CodeNames ofResponses() {
        return of(ResponseCode.class);
    }

    public String name(int code) {
        String name = names.get(code);
        return name == null ? Integer.toString(code) : name;
    }

    private static CodeNames of(Class<?> codes) {
        Map<Integer, String> names = new HashMap<>();
        for (Field field : codes.getFields()) {
            int modifiers = field.getModifiers();
            if (field.getType() == int.class && Modifier.isStatic(modifiers) && Modifier.isFinal(modifiers)) {
                try {
                    names.putIfAbsent(field.getInt(null), field.getName().toLowerCase(Locale.ROOT));
                } catch (IllegalAccessException unreadable) {
                    throw new IllegalStateException("a public code constant is unreadable: " + field, unreadable);
                }
            }
        }
        return new CodeNames(names);
    }
}
