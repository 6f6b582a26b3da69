package io.hexmq.domain.filter;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** RocketMQ's conversions between the boxed value types, as literal folding and the boxed comparisons use them. */
class Sql92ValuesTest {

    @Test
    void mixedNumbersWiden_intToLongToDouble() {
        assertThat(Sql92Values.compare(1, 1L)).isZero();
        assertThat(Sql92Values.compare(3_000_000_000L, 2)).isEqualTo(1);
        assertThat(Sql92Values.compare(1, 1.5)).isEqualTo(-1);
        assertThat(Sql92Values.compare(2L, 1.5)).isEqualTo(1);
        assertThat(Sql92Values.compare(1.5, 2)).isEqualTo(-1);
        assertThat(Sql92Values.compare(2.0, 2L)).isZero();
    }

    @Test
    void aStringAgainstANumber_readsAsThatNumbersType_onEitherSide() {
        assertThat(Sql92Values.compare("5", 5)).isZero();
        assertThat(Sql92Values.compare(5, "6")).isEqualTo(-1);
        assertThat(Sql92Values.compare("6", 5)).isEqualTo(1);
        assertThat(Sql92Values.compare(5L, "3000000000")).isEqualTo(-1);
        assertThat(Sql92Values.compare("3000000000", 5L)).isEqualTo(1);
        assertThat(Sql92Values.compare("5.0", 5.0)).isZero();
        assertThat(Sql92Values.compare(1.5, "1e2")).isEqualTo(-1);
    }

    @Test
    void aStringThatDoesNotReadAsTheNumbersType_aborts() {
        assertThat(Sql92Values.compare(5, "5.0")).isEqualTo(Sql92Values.ABORT);
        assertThat(Sql92Values.compare("3000000000", 5)).isEqualTo(Sql92Values.ABORT);
        assertThat(Sql92Values.compare(5L, "abc")).isEqualTo(Sql92Values.ABORT);
        assertThat(Sql92Values.compare("abc", 1.5)).isEqualTo(Sql92Values.ABORT);
    }

    @Test
    void aStringReadsAsABoolean_butABooleanOnTheLeftOfAStringAborts() {
        assertThat(Sql92Values.compare("true", Boolean.TRUE)).isZero();
        assertThat(Sql92Values.compare("yes", Boolean.TRUE)).isEqualTo(-1);
        assertThat(Sql92Values.compare(Boolean.TRUE, "true")).isEqualTo(Sql92Values.ABORT);
    }

    @Test
    void anyOtherMixComparesAsLess() {
        assertThat(Sql92Values.compare(Boolean.TRUE, 1)).isEqualTo(-1);
        assertThat(Sql92Values.compare(1, Boolean.TRUE)).isEqualTo(-1);
        assertThat(Sql92Values.compare(1.5, Boolean.FALSE)).isEqualTo(-1);
        assertThat(Sql92Values.equal(1, Boolean.TRUE)).isEqualTo(Truth.FALSE);
    }
}
