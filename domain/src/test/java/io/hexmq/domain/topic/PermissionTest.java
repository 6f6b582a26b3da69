package io.hexmq.domain.topic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class PermissionTest {

    @Test
    void readsTheBitsRocketMqDefines() {
        Permission all = new Permission(15);
        assertThat(all.isPriority()).isTrue();
        assertThat(all.isReadable()).isTrue();
        assertThat(all.isWritable()).isTrue();
        assertThat(all.isInheritable()).isTrue();
        assertThat(Permission.READ_WRITE.bits()).isEqualTo(6);
    }

    @Test
    void withoutWrite_clearsOnlyTheWriteBit() {
        assertThat(new Permission(7).withoutWrite()).isEqualTo(new Permission(5));
        assertThat(new Permission(4).withoutWrite()).isEqualTo(new Permission(4));
    }

    @Test
    void rejectsUnknownBits() {
        assertThatThrownBy(() -> new Permission(16)).isInstanceOf(InvalidTopicConfigException.class);
        assertThatThrownBy(() -> new Permission(-1)).isInstanceOf(InvalidTopicConfigException.class);
    }
}
