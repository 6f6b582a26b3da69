package io.hexmq.adapters.netty.namesrv;

import static io.hexmq.adapters.netty.namesrv.NameServerHandlers.call;
import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestCode;
import io.hexmq.remoting.protocol.ResponseCode;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.apache.rocketmq.remoting.protocol.body.KVTable;
import org.junit.jupiter.api.Test;

class KvConfigHandlersTest {

    private final NameServerHandlers ns = new NameServerHandlers();

    private static RemotingCommand put(String namespace, String key, String value) {
        return RemotingCommand.request(RequestCode.PUT_KV_CONFIG)
                .extField("namespace", namespace).extField("key", key).extField("value", value).build();
    }

    private static RemotingCommand get(String namespace, String key) {
        return RemotingCommand.request(RequestCode.GET_KV_CONFIG)
                .extField("namespace", namespace).extField("key", key).build();
    }

    private static RemotingCommand delete(String namespace, String key) {
        return RemotingCommand.request(RequestCode.DELETE_KV_CONFIG)
                .extField("namespace", namespace).extField("key", key).build();
    }

    private static RemotingCommand list(String namespace) {
        return RemotingCommand.request(RequestCode.GET_KVLIST_BY_NAMESPACE).extField("namespace", namespace).build();
    }

    @Test
    void putThenGet_answersTheValueInTheResponseHeader() {
        RemotingCommand putResponse = call(ns.putKvConfig, put("ORDER_TOPIC_CONFIG", "TopicA", "broker-a:4"));
        RemotingCommand getResponse = call(ns.getKvConfig, get("ORDER_TOPIC_CONFIG", "TopicA"));

        assertThat(putResponse.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(putResponse.isResponse()).isTrue();
        assertThat(ns.kvStore.saveCount()).isEqualTo(1);
        assertThat(getResponse.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(getResponse.extFields()).containsExactly(Map.entry("value", "broker-a:4"));
        assertThat(getResponse.remark()).isNull();
    }

    @Test
    void get_answersQueryNotFound_withTheOfficialRemark() {
        RemotingCommand response = call(ns.getKvConfig, get("NS", "absent"));

        assertThat(response.code()).isEqualTo(ResponseCode.QUERY_NOT_FOUND);
        assertThat(response.remark()).isEqualTo("No config item, Namespace: NS Key: absent");
        assertThat(response.extFields()).isEmpty();
    }

    @Test
    void delete_removesTheEntry_andSucceedsAlsoWhenAbsent() {
        call(ns.putKvConfig, put("NS", "k", "v"));

        assertThat(call(ns.deleteKvConfig, delete("NS", "k")).code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(call(ns.deleteKvConfig, delete("NS", "k")).code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(call(ns.getKvConfig, get("NS", "k")).code()).isEqualTo(ResponseCode.QUERY_NOT_FOUND);
    }

    @Test
    void listByNamespace_answersKvTableBody_orQueryNotFound() {
        call(ns.putKvConfig, put("NS", "b", "2"));
        call(ns.putKvConfig, put("NS", "a", "1"));
        call(ns.putKvConfig, put("OTHER", "x", "9"));

        RemotingCommand found = call(ns.getKvListByNamespace, list("NS"));
        RemotingCommand missing = call(ns.getKvListByNamespace, list("EMPTY"));

        assertThat(found.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(found.body()).asString(StandardCharsets.UTF_8).isEqualTo("{\"table\":{\"a\":\"1\",\"b\":\"2\"}}");
        assertThat(KVTable.decode(found.body(), KVTable.class).getTable()).containsOnly(
                Map.entry("a", "1"), Map.entry("b", "2"));
        assertThat(missing.code()).isEqualTo(ResponseCode.QUERY_NOT_FOUND);
        assertThat(missing.remark()).isEqualTo("No config item, Namespace: EMPTY");
        assertThat(missing.body()).isEmpty();
    }

    @Test
    void missingHeaderFields_areAnsweredSystemError_namingTheField() {
        RemotingCommand noKey = RemotingCommand.request(RequestCode.PUT_KV_CONFIG)
                .extField("namespace", "NS").extField("value", "v").build();

        RemotingCommand response = ns.dispatch(noKey);

        assertThat(response.code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(response.remark()).contains("key");
        assertThat(ns.kvStore.saveCount()).isZero();
    }

    @Test
    void emptyNamespace_isAnsweredSystemError_withTheDomainsMessage() {
        RemotingCommand response = ns.dispatch(put("", "k", "v"));

        assertThat(response.code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(response.remark()).isEqualTo("KV namespace must not be empty");
    }

    @Test
    void failedSave_isAnsweredSystemError_andNothingChanges() {
        ns.kvStore.failNextSave();

        RemotingCommand response = ns.dispatch(put("NS", "k", "v"));

        assertThat(response.code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(response.remark()).contains("simulated save failure");
        assertThat(call(ns.getKvConfig, get("NS", "k")).code()).isEqualTo(ResponseCode.QUERY_NOT_FOUND);
    }
}
