package io.hexmq.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaAccess;
import com.tngtech.archunit.lang.ArchRule;
import java.util.Map;
import java.util.Set;

/** Configuration is read once, in bootstrap, and handed to everything else as an immutable record. */
final class ConfigurationAccessRules {

    /** The JDK methods that read system properties or the environment, by declaring class. */
    private static final Map<String, Set<String>> READERS = Map.of(
            System.class.getName(), Set.of("getProperty", "getProperties", "getenv"),
            Integer.class.getName(), Set.of("getInteger"),
            Long.class.getName(), Set.of("getLong"),
            Boolean.class.getName(), Set.of("getBoolean"));

    /** Calls and method references alike ({@code System::getenv} reads the environment too). */
    private static final DescribedPredicate<JavaAccess<?>> READS_SYSTEM_PROPERTIES_OR_ENVIRONMENT =
            DescribedPredicate.describe(
                    "System.getProperty/getProperties/getenv, Integer.getInteger, Long.getLong or Boolean.getBoolean",
                    access -> READERS.getOrDefault(access.getTargetOwner().getName(), Set.of())
                            .contains(access.getName()));

    static final ArchRule ONLY_BOOTSTRAP_READS_SYSTEM_PROPERTIES_OR_ENVIRONMENT = noClasses()
            .that().resideInAPackage("io.hexmq..")
            .and().resideOutsideOfPackage("io.hexmq.bootstrap..")
            .should().accessTargetWhere(READS_SYSTEM_PROPERTIES_OR_ENVIRONMENT)
            .as("classes outside io.hexmq.bootstrap should not read system properties or the environment")
            .because("settings are read and validated once at start into an immutable config record that "
                    + "bootstrap passes on; a limit read from System.getProperty deep inside is hidden "
                    + "global input that tests and operators cannot see");

    private ConfigurationAccessRules() {
    }
}
