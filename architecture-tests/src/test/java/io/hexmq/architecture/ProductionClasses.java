package io.hexmq.architecture;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;

/**
 * hexmq's production classes: everything under {@code io.hexmq} on the test classpath except test
 * classes, which keeps this module's violating fixtures (and the rules themselves) out. Imported once
 * per test JVM, because an import reads every class file of every module.
 */
final class ProductionClasses {

    private ProductionClasses() {
    }

    static JavaClasses get() {
        return Holder.CLASSES;
    }

    private static final class Holder {
        static final JavaClasses CLASSES = new ClassFileImporter()
                .withImportOption(new ImportOption.DoNotIncludeTests())
                .importPackages("io.hexmq");
    }
}
