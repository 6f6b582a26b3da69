package io.hexmq.adapters.file.state;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hexmq.domain.auth.Acl;
import io.hexmq.domain.auth.Action;
import io.hexmq.domain.auth.AuthStorageException;
import io.hexmq.domain.auth.AuthTable;
import io.hexmq.domain.auth.Decision;
import io.hexmq.domain.auth.PolicyEntry;
import io.hexmq.domain.auth.ResourcePattern;
import io.hexmq.domain.auth.SourceRange;
import io.hexmq.domain.auth.User;
import io.hexmq.domain.auth.UserStatus;
import io.hexmq.domain.auth.UserType;
import io.hexmq.domain.auth.Username;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JsonAuthStoreTest {

    @TempDir
    Path dir;

    private final AuthTable table = AuthTable.empty()
            .with(User.enabled("rocketmq", "12345678", UserType.SUPER))
            .with(new User(new Username("alice"), "alice-secret", UserType.NORMAL, UserStatus.DISABLE))
            .with(new Acl(new Username("alice"), List.of(
                    new PolicyEntry(ResourcePattern.parse("Topic:order-*"), Set.of(Action.PUB, Action.SUB),
                            List.of(SourceRange.parse("10.0.0.0/8")), Decision.ALLOW),
                    new PolicyEntry(ResourcePattern.parse("*"), Set.of(Action.ALL), List.of(), Decision.DENY))));

    @Test
    void loadsNothing_whenNothingWasEverSaved() {
        assertThat(new JsonAuthStore(dir.resolve("auth.json")).load()).isEmpty();
    }

    @Test
    void returnsWhatWasSaved_afterReopening() {
        new JsonAuthStore(dir.resolve("config/auth.json")).save(table);

        assertThat(new JsonAuthStore(dir.resolve("config/auth.json")).load()).contains(table);
    }

    @Test
    void writesRocketMqsUserAndAclShapes() throws Exception {
        new JsonAuthStore(dir.resolve("auth.json")).save(table);

        String json = Files.readString(dir.resolve("auth.json"), StandardCharsets.UTF_8);
        assertThat(json).contains("\"userType\": \"Super\"", "\"userStatus\": \"disable\"", "\"subject\": \"User:alice\"",
                "\"resource\": \"Topic:order-*\"", "\"decision\": \"Deny\"", "\"sourceIps\"");
    }

    @Test
    void failsWithAStorageException_onContentTheModelRefuses() throws Exception {
        Files.writeString(dir.resolve("auth.json"), "{\"users\":[{\"username\":\"u\",\"password\":\"p\","
                + "\"userType\":\"Root\"}]}");

        assertThatThrownBy(() -> new JsonAuthStore(dir.resolve("auth.json")).load())
                .isInstanceOf(AuthStorageException.class).hasMessageContaining("Root");
    }
}
