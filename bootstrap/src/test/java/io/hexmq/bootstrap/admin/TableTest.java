package io.hexmq.bootstrap.admin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class TableTest {

    @Test
    void padsColumnsToTheWidestCell_rightAligningNumbers_withoutTrailingSpaces() {
        String text = Table.of("TOPIC", "QUEUES", "NOTE")
                .row("orders", 8, "busy")
                .row("a", 16, null)
                .render();

        assertThat(text.lines()).containsExactly(
                "TOPIC   QUEUES  NOTE",
                "orders       8  busy",
                "a           16  -");
    }

    @Test
    void printsOnlyTheHeader_whenThereAreNoRows() {
        assertThat(Table.of("TOPIC", "LAG").render().lines()).containsExactly("TOPIC  LAG");
    }

    @Test
    void leftAlignsAColumn_whenAnyCellIsNotANumber() {
        String text = Table.of("ID", "X").row("12", "x").row("n/a", "y").render();

        assertThat(text.lines()).containsExactly("ID   X", "12   x", "n/a  y");
    }

    @Test
    void refusesARowWiderThanTheHeader() {
        assertThatThrownBy(() -> Table.of("ONE").row("a", "b")).isInstanceOf(IllegalArgumentException.class);
    }
}
