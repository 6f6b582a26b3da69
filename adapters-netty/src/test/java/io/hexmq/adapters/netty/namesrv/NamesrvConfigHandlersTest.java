package io.hexmq.adapters.netty.namesrv;

import static io.hexmq.adapters.netty.namesrv.NameServerHandlers.call;
import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.application.namesrv.GetNameServerConfig;
import io.hexmq.application.namesrv.LiveNameServerSettings;
import io.hexmq.application.namesrv.NameServerSettings;
import io.hexmq.application.namesrv.UpdateNameServerConfig;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestCode;
import io.hexmq.remoting.protocol.RequestDispatcher;
import io.hexmq.remoting.protocol.ResponseCode;
import io.hexmq.remoting.protocol.TestPeer;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import org.apache.rocketmq.common.MixAll;
import org.junit.jupiter.api.Test;

class NamesrvConfigHandlersTest {

    private final LiveNameServerSettings live = new LiveNameServerSettings(NameServerSettings.defaults());
    private final GetNamesrvConfigHandler get = new GetNamesrvConfigHandler(
            new GetNameServerConfig(live, Map.of("listenPort", "9876", "kvConfigPath", "/data/kv.json")));
    private final UpdateNamesrvConfigHandler update = new UpdateNamesrvConfigHandler(
            new UpdateNameServerConfig(live, Set.of("listenPort", "kvConfigPath")));

    private static RemotingCommand updateRequest(String properties) {
        return RemotingCommand.request(RequestCode.UPDATE_NAMESRV_CONFIG)
                .body(properties.getBytes(StandardCharsets.UTF_8)).build();
    }

    private Properties currentConfig() {
        RemotingCommand response = call(get, RemotingCommand.request(RequestCode.GET_NAMESRV_CONFIG).build());
        assertThat(response.code()).isEqualTo(ResponseCode.SUCCESS);
        return MixAll.string2Properties(new String(response.body(), StandardCharsets.UTF_8));
    }

    @Test
    void get_answersPropertiesTextTheOfficialAdminParses() {
        Properties config = currentConfig();

        assertThat(config).containsEntry("listenPort", "9876").containsEntry("kvConfigPath", "/data/kv.json")
                .containsEntry("orderMessageEnable", "false").containsEntry("brokerTimeoutMillis", "120000");
    }

    @Test
    void update_appliesTheChangedSettings_visibleInTheNextGet() {
        RemotingCommand response = call(update, updateRequest("orderMessageEnable=true\nbrokerTimeoutMillis=30000\n"));

        assertThat(response.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(currentConfig()).containsEntry("orderMessageEnable", "true")
                .containsEntry("brokerTimeoutMillis", "30000");
    }

    @Test
    void update_ofABlackListedKey_isAnsweredNoPermission_withTheOfficialRemark() {
        RemotingCommand response = call(update, updateRequest("kvConfigPath=/tmp/x\norderMessageEnable=true\n"));

        assertThat(response.code()).isEqualTo(ResponseCode.NO_PERMISSION);
        assertThat(response.remark()).isEqualTo("Can not update config in black list.");
        assertThat(currentConfig()).containsEntry("orderMessageEnable", "false");
    }

    @Test
    void update_ofASettingFixedAtStart_isAnsweredNoPermission_namingIt() {
        RemotingCommand response = call(update, updateRequest("listenPort=1234"));

        assertThat(response.code()).isEqualTo(ResponseCode.NO_PERMISSION);
        assertThat(response.remark()).startsWith("listenPort").contains("restart");
    }

    @Test
    void update_ofAnUnknownKeyOrABadValue_isAnsweredSystemError_namingIt() {
        RemotingCommand unknown = call(update, updateRequest("noSuchSetting=1"));
        RemotingCommand bad = call(update, updateRequest("orderMessageEnable=maybe"));

        assertThat(unknown.code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(unknown.remark()).contains("noSuchSetting");
        assertThat(bad.code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(bad.remark()).contains("orderMessageEnable", "maybe");
    }

    @Test
    void update_withAMalformedBody_isAnsweredSystemError_throughTheDispatcher() {
        RequestDispatcher dispatcher = RequestDispatcher.builder()
                .responseCodes(NameServerResponseCodes.create())
                .register(RequestCode.UPDATE_NAMESRV_CONFIG, update, Runnable::run)
                .build();

        RemotingCommand response = dispatcher.dispatch(updateRequest("orderMessageEnable=\\u12"),
                new TestPeer("conn-test", 40_000).context()).join();

        assertThat(response.code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(response.remark()).contains("properties");
    }
}
