package io.hexmq.architecture;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.lang.conditions.ArchPredicates.are;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noFields;
import static com.tngtech.archunit.library.GeneralCodingRules.ACCESS_STANDARD_STREAMS;
import static com.tngtech.archunit.library.GeneralCodingRules.BE_ANNOTATED_WITH_AN_INJECTION_ANNOTATION;
import static com.tngtech.archunit.library.GeneralCodingRules.THROW_GENERIC_EXCEPTIONS;
import static com.tngtech.archunit.library.GeneralCodingRules.USE_JAVA_UTIL_LOGGING;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.lang.ArchRule;
import java.util.Optional;
import picocli.CommandLine.Command;

/** ArchUnit's {@code GeneralCodingRules}, applied to production code with hexmq's reasons. */
final class CodingRules {

    private static final DescribedPredicate<JavaClass> IN_BOOTSTRAP = resideInAPackage("io.hexmq.bootstrap..");

    /**
     * The one exception to "no standard streams": {@code hexmq} is a command line program, and its
     * picocli commands in io.hexmq.bootstrap (with the classes nested in them) print usage, results and
     * start-up errors to the console, which is their job. Everything else logs through SLF4J.
     */
    static final DescribedPredicate<JavaClass> LAUNCHER_CLI_COMMANDS = DescribedPredicate.describe(
            "picocli @Command classes of io.hexmq.bootstrap (and classes nested in them)",
            CodingRules::isLauncherCliCommand);

    static final ArchRule ONLY_CLI_COMMANDS_USE_STANDARD_STREAMS = noClasses()
            .that(are(not(LAUNCHER_CLI_COMMANDS)))
            .should(ACCESS_STANDARD_STREAMS)
            .as("classes other than the launcher's CLI commands should not use System.out, System.err "
                    + "or printStackTrace")
            .because("a broker logs through SLF4J, once, at the edge; only the command line program "
                    + "talks to the console");

    static final ArchRule NO_GENERIC_EXCEPTIONS = noClasses()
            .should(THROW_GENERIC_EXCEPTIONS)
            .as("classes should not throw generic exceptions (Throwable, Exception, RuntimeException)")
            .because("callers and the ResponseCodes mapper can only react to a failure they can name: "
                    + "throw a specific domain exception or wrap in the storage exception next to the port");

    /**
     * Stricter than {@code GeneralCodingRules.USE_JAVA_UTIL_LOGGING}, which only sees fields being set to
     * a java.util.logging type and so misses {@code Logger.getLogger(..).info(..)} called in place.
     */
    static final ArchRule NO_JAVA_UTIL_LOGGING = noClasses()
            .should(USE_JAVA_UTIL_LOGGING)
            .orShould().dependOnClassesThat().resideInAPackage("java.util.logging..")
            .as("classes should not use java.util.logging")
            .because("hexmq logs through SLF4J, the facade Chronicle and the other libraries also use");

    static final ArchRule NO_FIELD_INJECTION = noFields()
            .should(BE_ANNOTATED_WITH_AN_INJECTION_ANNOTATION)
            .as("fields should not be injected (no @Inject on fields)")
            .because("collaborators come through constructors, so that @Provides methods and tests build "
                    + "every object with plain constructor calls and no field is ever half set");

    private CodingRules() {
    }

    private static boolean isLauncherCliCommand(JavaClass javaClass) {
        if (!IN_BOOTSTRAP.test(javaClass)) {
            return false;
        }
        for (Optional<JavaClass> candidate = Optional.of(javaClass); candidate.isPresent();
                candidate = candidate.get().getEnclosingClass()) {
            if (candidate.get().isAnnotatedWith(Command.class)) {
                return true;
            }
        }
        return false;
    }
}
