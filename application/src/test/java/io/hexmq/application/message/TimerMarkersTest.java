package io.hexmq.application.message;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.domain.message.HostAddress;
import io.hexmq.domain.message.Message;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class TimerMarkersTest {

    private static List<Long> offsetsIn(byte[] body) {
        List<Long> offsets = new ArrayList<>();
        TimerMarkers.forEachOffset(body, offsets::add);
        return offsets;
    }

    @Test
    void aMarkerNamesItsSliceOfParkedOffsets_inTheMarkerTopic() {
        Message marker = TimerMarkers.marking(List.of(3L, 7L, 12L, 40L), 1, 3, MessageBroker.STORE_HOST, 5_000L);

        assertThat(marker.topic()).isEqualTo("rmq_sys_wheel_timer_delivered");
        assertThat(marker.queueId()).isZero();
        assertThat(new String(marker.body(), StandardCharsets.US_ASCII)).isEqualTo("7,12");
        assertThat(offsetsIn(marker.body())).containsExactly(7L, 12L);
        assertThat(marker.bornHost()).isEqualTo(MessageBroker.STORE_HOST);
    }

    @Test
    void aBodyNotWrittenByTheBroker_yieldsOnlyItsWellFormedOffsets() {
        byte[] body = "1,,x,-2,3 ,9223372036854775807,9223372036854775808,4".getBytes(StandardCharsets.US_ASCII);

        assertThat(offsetsIn(body)).containsExactly(1L, Long.MAX_VALUE, 4L);
        assertThat(offsetsIn(new byte[0])).isEmpty();
    }

    @Test
    void theLargestMarker_staysSmall() {
        List<Long> offsets = new ArrayList<>();
        for (int i = 0; i < TimerMarkers.MAX_OFFSETS; i++) {
            offsets.add(Long.MAX_VALUE / 2 + i);
        }

        Message marker = TimerMarkers.marking(offsets, 0, offsets.size(), HostAddress.of(new byte[] {127, 0, 0, 1}, 1), 0);

        assertThat(marker.body().length).isLessThan(20 * 1024);
        assertThat(offsetsIn(marker.body())).isEqualTo(offsets);
    }
}
