package io.hexmq.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import io.hexmq.domain.connection.ConnectionId;
import io.hexmq.domain.fixture.violation.DomainClassUsingNetty;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.storage.QueueScan;
import org.junit.jupiter.api.Test;

class ProductionClassesTest {

    @Test
    void includesTheModulesMainClasses() {
        JavaClasses production = ProductionClasses.get();

        assertThat(production.contain(ConnectionId.class)).isTrue();
        assertThat(production.contain(QueueScan.class)).as("store-support").isTrue();
    }

    @Test
    void includesTheRemotingModule() {
        assertThat(ProductionClasses.get().contain(RemotingCommand.class)).isTrue();
    }

    @Test
    void excludesTheRulesAndTheirViolatingFixtures() {
        JavaClasses production = ProductionClasses.get();

        assertThat(production.contain(DomainClassUsingNetty.class)).isFalse();
        assertThat(production.contain(ProductionClassesTest.class)).isFalse();
    }
}
