package io.hexmq.adapters.ratis.propose;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class BatchLayoutTest {

    @Test
    void encodesPartsInOrder_andWalksThemWithOneView() {
        List<byte[]> parts = List.of(bytes("first"), new byte[0], bytes("third part"));
        byte[] encoded = BatchLayout.encode(parts, 5 + 10);

        assertThat(encoded).hasSize(BatchLayout.encodedSize(3, 15));
        BatchLayout.Parts walk = new BatchLayout.Parts(ByteBuffer.wrap(encoded).asReadOnlyBuffer());
        List<String> read = new ArrayList<>();
        ByteBuffer previous = null;
        while (walk.hasNext()) {
            ByteBuffer view = walk.next();
            if (previous != null) {
                assertThat(view).isSameAs(previous);
            }
            previous = view;
            byte[] copy = new byte[view.remaining()];
            view.get(copy);
            read.add(new String(copy, StandardCharsets.UTF_8));
        }
        assertThat(walk.count()).isEqualTo(3);
        assertThat(read).containsExactly("first", "", "third part");
    }

    @Test
    void readsAnEntryThatStartsInsideALargerBuffer() {
        byte[] encoded = BatchLayout.encode(List.of(bytes("x"), bytes("yz")), 3);
        ByteBuffer framed = ByteBuffer.allocate(encoded.length + 7).put(new byte[3]).put(encoded).put(new byte[4]);
        framed.position(3).limit(3 + encoded.length);

        BatchLayout.Parts walk = new BatchLayout.Parts(framed);

        assertThat(walk.nextBytes()).isEqualTo(bytes("x"));
        assertThat(walk.nextBytes()).isEqualTo(bytes("yz"));
        assertThat(walk.hasNext()).isFalse();
    }

    @Test
    void rejectsAPartRunningPastItsEntry() {
        byte[] encoded = BatchLayout.encode(List.of(bytes("abc")), 3);
        BatchLayout.Parts walk = new BatchLayout.Parts(ByteBuffer.wrap(encoded, 0, encoded.length - 1));

        assertThatThrownBy(walk::next).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("runs past");
    }

    @Test
    void numbersPositionsByEntryThenSlot_soTheyIncreaseAcrossEntries() {
        assertThat(BatchLayout.position(7, BatchLayout.MAX_PARTS - 1)).isLessThan(BatchLayout.position(8, 0));
        assertThat(BatchLayout.position(8, 1)).isGreaterThan(BatchLayout.position(8, 0));
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
