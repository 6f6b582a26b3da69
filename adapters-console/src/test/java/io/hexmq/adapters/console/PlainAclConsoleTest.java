package io.hexmq.adapters.console;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.application.auth.AuthenticatePlainAccount;
import io.hexmq.application.auth.AuthorizePlainRequest;
import io.hexmq.application.broker.TestBroker;
import io.hexmq.domain.auth.plain.AddressPattern;
import io.hexmq.domain.auth.plain.PlainAccount;
import io.hexmq.domain.auth.plain.PlainAclDirectory;
import io.hexmq.domain.auth.plain.PlainAclTable;
import io.hexmq.domain.auth.plain.PlainPerm;
import io.hexmq.domain.topic.DataVersion;
import io.hexmq.domain.topic.TopicName;
import java.net.http.HttpResponse;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The console beside ACL 1.0 ({@code plain_acl.yml}): the browser signs in with HTTP Basic as an account (access key
 * and secret key), and each page is allowed as the broker's ACL 1.0 would allow the request that does the same: the
 * admin flag for topic changes, the account's topic permissions for message lookups.
 */
class PlainAclConsoleTest {

    private static final PlainAccount ADMIN = new PlainAccount("opsadmin", "opsadmin-secret", AddressPattern.parse(""),
            true, PlainPerm.DENY, PlainPerm.DENY, Map.of(), Map.of());
    private static final PlainAccount READER = new PlainAccount("readeracc", "readeracc-secret",
            AddressPattern.parse(""), false, PlainPerm.DENY, PlainPerm.SUB, Map.of("orders", PlainPerm.SUB), Map.of());

    private final TestBroker broker = new TestBroker();
    private ConsoleServer console;
    private SigningBrowser browser;

    private void start(List<AddressPattern> globalWhiteList) {
        Map<String, PlainAccount> accounts = new LinkedHashMap<>();
        accounts.put(ADMIN.accessKey(), ADMIN);
        accounts.put(READER.accessKey(), READER);
        PlainAclDirectory directory = new PlainAclDirectory(new PlainAclTable(globalWhiteList, accounts,
                DataVersion.initial(TestBroker.START)));
        console = TestConsole.start(broker, ConsoleAccess.plainAcl(new AuthenticatePlainAccount(directory),
                new AuthorizePlainRequest(directory)));
        browser = new SigningBrowser(console);
    }

    @AfterEach
    void stop() {
        console.stop();
    }

    @Test
    void noCredentials_aWrongSecretOrAnUnknownAccessKey_areRefused_withRocketMqsReason() throws Exception {
        start(List.of());

        assertThat(browser.get("/").headers().firstValue("WWW-Authenticate")).hasValue(ConsoleAccess.CHALLENGE);
        HttpResponse<String> wrong = browser.get("/", "readeracc", "guess");
        HttpResponse<String> unknown = browser.get("/", "mallory", "x");

        assertThat(wrong.statusCode()).isEqualTo(401);
        assertThat(wrong.body()).contains("Check signature failed for accessKey=readeracc");
        assertThat(unknown.statusCode()).isEqualTo(401);
        assertThat(unknown.body()).contains("No acl config for mallory");
        assertThat(browser.get("/", "readeracc", "readeracc-secret").statusCode()).isEqualTo(200);
    }

    @Test
    void aSignIn_needsTheSecret_evenFromAGloballyWhiteListedAddress() throws Exception {
        start(List.of(AddressPattern.parse("127.0.0.1")));

        assertThat(browser.get("/", "readeracc", "guess").statusCode()).isEqualTo(401);
    }

    @Test
    void onlyAnAdminAccount_createsTopics_asUpdateAndCreateTopicIsAdminOnly() throws Exception {
        start(List.of());

        HttpResponse<String> refused = browser.createTopic("readeracc", "readeracc-secret", "payments");

        assertThat(refused.statusCode()).isEqualTo(403);
        assertThat(refused.body()).contains("Need admin permission for request code=17, but accessKey=readeracc is not");
        assertThat(browser.createTopic("opsadmin", "opsadmin-secret", "payments").statusCode()).isEqualTo(303);
        assertThat(broker.topics.find(new TopicName("payments"))).isPresent();
    }

    @Test
    void findingMessages_needsTheAccountsSubPermissionOnTheTopic() throws Exception {
        start(List.of());

        HttpResponse<String> allowed = browser.get("/messages?by=key&topic=orders&key=k", "readeracc",
                "readeracc-secret");
        HttpResponse<String> refused = browser.get("/messages?by=key&topic=payments&key=k", "readeracc",
                "readeracc-secret");

        assertThat(allowed.statusCode()).isEqualTo(200);
        assertThat(refused.statusCode()).isEqualTo(403);
        assertThat(refused.body()).contains("No default permission for topic:payments");
    }

    @Test
    void theClusterView_needsOnlyASignIn() throws Exception {
        start(List.of());

        assertThat(browser.get("/cluster", "readeracc", "readeracc-secret").statusCode()).isEqualTo(200);
    }
}
