package io.hexmq.bootstrap.config;

import com.google.gson.Gson;
import com.google.gson.JsonParseException;
import io.hexmq.application.auth.AuthSettings;
import io.hexmq.bootstrap.lifecycle.LaunchException;
import io.hexmq.domain.DomainException;
import io.hexmq.domain.auth.User;
import io.hexmq.domain.auth.UserType;
import io.hexmq.remoting.protocol.Credentials;
import java.util.LinkedHashSet;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * ACL 2.0's settings of a server, read with RocketMQ's names and JSON values:
 * {@code authenticationEnabled}, {@code authorizationEnabled},
 * {@code initAuthenticationUser={"username":"rocketmq","password":"12345678"}},
 * {@code innerClientAuthenticationCredentials={"accessKey":"inner","secretKey":"..."}} and
 * {@code authenticationWhitelist} (request codes that pass unsigned, comma separated). A value that does
 * not parse stops the launch with a message that never repeats it: it may hold a password.
 *
 * @param settings         what the use cases obey
 * @param whitelist        request codes that need no signature
 * @param innerCredentials what the server signs its own requests to other components with
 */
public record AuthConfig(AuthSettings settings, Set<Integer> whitelist, Optional<Credentials> innerCredentials) {

    public AuthConfig {
        whitelist = Set.copyOf(whitelist);
    }

    public static AuthConfig from(RawConfig raw) throws LaunchException {
        boolean authentication = raw.bool("authenticationEnabled", false);
        boolean authorization = raw.bool("authorizationEnabled", false);
        Optional<User> initial = json(raw, "initAuthenticationUser", InitialUserJson.class)
                .map(user -> toUser("initAuthenticationUser", user.username, user.password));
        Optional<Credentials> inner = json(raw, "innerClientAuthenticationCredentials", CredentialsJson.class)
                .map(credentials -> toCredentials(credentials.accessKey, credentials.secretKey));
        Optional<User> innerUser = inner.map(credentials ->
                toUser("innerClientAuthenticationCredentials", credentials.accessKey(), credentials.secretKey()));
        return new AuthConfig(new AuthSettings(authentication, authorization, initial, innerUser),
                codes(raw.string("authenticationWhitelist", "")), inner);
    }

    private static <T> Optional<T> json(RawConfig raw, String key, Class<T> shape) throws LaunchException {
        String text = raw.string(key, null);
        if (text == null) {
            return Optional.empty();
        }
        try {
            return Optional.ofNullable(new Gson().fromJson(text, shape));
        } catch (JsonParseException e) {
            throw new LaunchException("setting " + key + " must be a JSON object like "
                    + (shape == InitialUserJson.class ? "{\"username\":\"...\",\"password\":\"...\"}"
                            : "{\"accessKey\":\"...\",\"secretKey\":\"...\"}"));
        }
    }

    private static User toUser(String key, String username, String password) {
        try {
            return User.enabled(username, password, UserType.SUPER);
        } catch (DomainException | NullPointerException e) {
            throw new IllegalArgumentException(key + " needs a user name and a non-empty password");
        }
    }

    private static Credentials toCredentials(String accessKey, String secretKey) {
        try {
            return new Credentials(accessKey, secretKey);
        } catch (IllegalArgumentException | NullPointerException e) {
            throw new IllegalArgumentException("innerClientAuthenticationCredentials needs an accessKey and a"
                    + " secretKey");
        }
    }

    private static Set<Integer> codes(String text) throws LaunchException {
        Set<Integer> codes = new LinkedHashSet<>();
        for (String code : text.split(",")) {
            if (!code.isBlank()) {
                try {
                    codes.add(Integer.parseInt(code.trim()));
                } catch (NumberFormatException e) {
                    throw new LaunchException("setting authenticationWhitelist must list request codes, got '"
                            + code.trim() + "'");
                }
            }
        }
        return codes;
    }

    /** {@code initAuthenticationUser}'s JSON shape. */
    private static final class InitialUserJson {
        String username;
        String password;
    }

    /** {@code innerClientAuthenticationCredentials}'s JSON shape, RocketMQ's SessionCredentials. */
    private static final class CredentialsJson {
        String accessKey;
        String secretKey;
    }

    /** The whitelist as {@code authenticationWhitelist} takes it: request codes, comma separated, in order. */
    public String describeWhitelist() {
        return whitelist.stream().sorted().map(String::valueOf).collect(Collectors.joining(","));
    }
}
