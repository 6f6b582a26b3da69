package io.hexmq.architecture;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;

/**
 * hexmq's production classes: everything under {@code io.hexmq} on the test classpath except test
 * classes, which keeps this module's violating fixtures (and the rules themselves) out, and the
 * classes JMH's annotation processor generates into the benchmarks' {@code jmh_generated} packages,
 * which nobody here writes. Imported once per test JVM, because an import reads every class file of
 * every module. {@link ProductionClassesTest} proves that every main module is on that classpath.
 */
final class ProductionClasses {

    /** Where JMH's annotation processor puts the harness classes it generates for each benchmark. */
    static final String JMH_GENERATED_PACKAGE = "jmh_generated";

    private ProductionClasses() {
    }

    static JavaClasses get() {
        return Holder.CLASSES;
    }

    private static final class Holder {
        static final JavaClasses CLASSES = new ClassFileImporter()
                .withImportOption(new ImportOption.DoNotIncludeTests())
                .withImportOption(location -> !location.contains("/" + JMH_GENERATED_PACKAGE + "/"))
                .importPackages("io.hexmq");
    }
}
