package io.hexmq.domain.replication;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class DurableFileTest {

    @Test
    void acceptsARelativePathBelowItsRoot() {
        assertThat(new DurableFile("commitlog/00000000000000000000", 1024).path())
                .isEqualTo("commitlog/00000000000000000000");
    }

    @Test
    void rejectsPathsThatLeaveTheirRoot_soAFollowerNeverWritesOutsideItsStagingDirectory() {
        for (String path : new String[] {"/etc/passwd", "../store", "a/../../b", "a//b", "./a", "a\\b", ""}) {
            assertThatThrownBy(() -> new DurableFile(path, 1), path).isInstanceOf(IllegalArgumentException.class);
        }
    }

    @Test
    void rejectsANegativeLength() {
        assertThatThrownBy(() -> new DurableFile("a", -1)).isInstanceOf(IllegalArgumentException.class);
    }
}
