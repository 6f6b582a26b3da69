package io.hexmq.domain.consumer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ClientAnswerTest {

    @Test
    void anAnswerCarriesTheClientsBody_andNoRemark() {
        ClientAnswer answer = ClientAnswer.answered(new byte[] {1, 2});

        assertThat(answer.status()).isEqualTo(ClientAnswer.Status.ANSWERED);
        assertThat(answer.body()).containsExactly(1, 2);
        assertThat(answer.remark()).isEmpty();
    }

    @Test
    void aCallLeftUnansweredCarriesARemark_andNoBody() {
        ClientAnswer answer = ClientAnswer.unanswered(ClientAnswer.Status.TIMED_OUT, "no answer in 10000 ms");

        assertThat(answer.body()).isEmpty();
        assertThat(answer.remark()).isEqualTo("no answer in 10000 ms");
        assertThatThrownBy(() -> ClientAnswer.unanswered(ClientAnswer.Status.ANSWERED, "x"))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
