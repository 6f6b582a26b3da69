package io.hexmq.adapters.console;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.application.auth.AuthenticateRequest;
import io.hexmq.application.auth.AuthorizeRequest;
import io.hexmq.application.broker.TestBroker;
import io.hexmq.domain.auth.Acl;
import io.hexmq.domain.auth.Action;
import io.hexmq.domain.auth.AuthDirectory;
import io.hexmq.domain.auth.AuthTable;
import io.hexmq.domain.auth.Decision;
import io.hexmq.domain.auth.PolicyEntry;
import io.hexmq.domain.auth.ResourcePattern;
import io.hexmq.domain.auth.User;
import io.hexmq.domain.auth.UserType;
import io.hexmq.domain.topic.TopicName;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The console beside ACL 2.0: the browser signs in with HTTP Basic as one of the broker's users, and each change is
 * allowed by that user's policies exactly as the admin request that does it would be.
 */
class SignedInConsoleTest {

    private static final User ROOT = User.enabled("root", "root-secret", UserType.SUPER);
    private static final User ALICE = User.enabled("alice", "alice-secret", UserType.NORMAL);

    private final TestBroker broker = new TestBroker();
    private ConsoleServer console;
    private SigningBrowser browser;

    @BeforeEach
    void start() {
        PolicyEntry aliceMayCreateOrders = new PolicyEntry(ResourcePattern.parse("Topic:orders"),
                Set.of(Action.CREATE, Action.UPDATE), List.of(), Decision.ALLOW);
        AuthDirectory directory = new AuthDirectory(AuthTable.empty().with(ROOT).with(ALICE)
                .with(new Acl(ALICE.username(), List.of(aliceMayCreateOrders))));
        console = TestConsole.start(broker, ConsoleAccess.signIn(new AuthenticateRequest(directory),
                Optional.of(new AuthorizeRequest(directory))));
        browser = new SigningBrowser(console);
    }

    @AfterEach
    void stop() {
        console.stop();
    }

    @Test
    void withoutCredentials_theBrowserIsAskedToSignIn() throws Exception {
        HttpResponse<String> page = browser.get("/");

        assertThat(page.statusCode()).isEqualTo(401);
        assertThat(page.headers().firstValue("WWW-Authenticate")).hasValue(ConsoleAccess.CHALLENGE);
    }

    @Test
    void aWrongPasswordOrAnUnknownUser_isRefused_withRocketMqsReason() throws Exception {
        assertThat(browser.get("/", "alice", "wrong").statusCode()).isEqualTo(401);
        HttpResponse<String> unknown = browser.get("/", "mallory", "x");
        assertThat(unknown.statusCode()).isEqualTo(401);
        assertThat(unknown.body()).contains("User:mallory is not found.");
    }

    @Test
    void aSignedInUser_changesWhatTheirPoliciesAllow_andNothingElse() throws Exception {
        assertThat(browser.createTopic("alice", "alice-secret", "orders").statusCode()).isEqualTo(303);
        HttpResponse<String> refused = browser.createTopic("alice", "alice-secret", "payments");

        assertThat(refused.statusCode()).isEqualTo(403);
        assertThat(refused.body()).contains("user alice may not").contains("Topic:payments");
        assertThat(broker.topics.find(new TopicName("orders"))).isPresent();
        assertThat(broker.topics.find(new TopicName("payments"))).isEmpty();
    }

    @Test
    void aSuperUser_mayDoAnything() throws Exception {
        assertThat(browser.createTopic("root", "root-secret", "payments").statusCode()).isEqualTo(303);
        assertThat(browser.get("/topics", "root", "root-secret").body()).contains(">payments</a>");
    }

    @Test
    void theClusterView_needsOnlyASignIn_asClusterListsRequestsNeedNoPolicy() throws Exception {
        assertThat(browser.get("/cluster").statusCode()).isEqualTo(401);
        HttpResponse<String> page = browser.get("/cluster", "alice", "alice-secret");

        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.body()).contains("<td>broker-a</td>");
    }
}
