package io.hexmq.compat4x;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.remoting.protocol.PlainAclCodes;
import org.apache.rocketmq.common.protocol.RequestCode;
import org.apache.rocketmq.common.protocol.ResponseCode;
import org.junit.jupiter.api.Test;

/**
 * ACL 1.0's codes have RocketMQ 4.9.8's names and values (5.3.3, the version hexmq's other codes are checked
 * against, no longer has them). 4.9.8 has no 54 (GET_BROKER_CLUSTER_ACL_CONFIG), which 5.x kept until 5.3.3.
 */
class PlainAclCodes4xTest {

    @Test
    void requestCodesAre49s() {
        assertThat(PlainAclCodes.UPDATE_AND_CREATE_ACL_CONFIG).isEqualTo(RequestCode.UPDATE_AND_CREATE_ACL_CONFIG);
        assertThat(PlainAclCodes.DELETE_ACL_CONFIG).isEqualTo(RequestCode.DELETE_ACL_CONFIG);
        assertThat(PlainAclCodes.GET_BROKER_CLUSTER_ACL_INFO).isEqualTo(RequestCode.GET_BROKER_CLUSTER_ACL_INFO);
        assertThat(PlainAclCodes.UPDATE_GLOBAL_WHITE_ADDRS_CONFIG)
                .isEqualTo(RequestCode.UPDATE_GLOBAL_WHITE_ADDRS_CONFIG);
    }

    @Test
    void failureCodesAre49s() {
        assertThat(PlainAclCodes.UPDATE_AND_CREATE_ACL_CONFIG_FAILED)
                .isEqualTo(ResponseCode.UPDATE_AND_CREATE_ACL_CONFIG_FAILED);
        assertThat(PlainAclCodes.DELETE_ACL_CONFIG_FAILED).isEqualTo(ResponseCode.DELETE_ACL_CONFIG_FAILED);
        assertThat(PlainAclCodes.UPDATE_GLOBAL_WHITE_ADDRS_CONFIG_FAILED)
                .isEqualTo(ResponseCode.UPDATE_GLOBAL_WHITE_ADDRS_CONFIG_FAILED);
    }
}
