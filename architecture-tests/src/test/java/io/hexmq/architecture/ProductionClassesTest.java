package io.hexmq.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import io.hexmq.domain.connection.ConnectionId;
import io.hexmq.domain.fixture.violation.DomainClassUsingNetty;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.storage.QueueScan;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.NodeList;

class ProductionClassesTest {

    /** The build's root, where the parent pom lists the modules; tests run in this module's directory. */
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

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

    /**
     * A module that falls off this module's classpath (its dependency dropped from the pom, or a new
     * module never added) would pass every rule unseen; here it fails, naming the classes missing.
     */
    @Test
    void includesEveryClassOfEveryMainModuleOfTheBuild() throws Exception {
        List<String> modules = modules();
        JavaClasses production = ProductionClasses.get();
        Map<String, List<String>> missing = new TreeMap<>();
        Map<String, Integer> checked = new TreeMap<>();

        for (String module : modules) {
            Path sources = ROOT.resolve(module).resolve("src/main/java");
            if (!Files.isDirectory(sources)) {
                continue;
            }
            List<String> classes = classNamesUnder(sources);
            checked.put(module, classes.size());
            classes.stream().filter(name -> !production.contain(name))
                    .forEach(name -> missing.computeIfAbsent(module, unused -> new ArrayList<>()).add(name));
        }

        assertThat(modules).as("the modules of %s", ROOT.resolve("pom.xml"))
                .contains("domain", "remoting", "client", "bootstrap", "benchmarks");
        assertThat(checked).as("main modules and their source files").containsKeys("domain", "application",
                "remoting", "adapters-netty", "store-support", "adapters-file", "adapters-chronicle", "client",
                "bootstrap", "benchmarks").allSatisfy((module, count) -> assertThat(count).as(module).isPositive());
        assertThat(missing).as("classes of src/main/java that the rules do not see, by module "
                + "(is the module a test dependency of architecture-tests?)").isEmpty();
    }

    @Test
    void excludesTheRulesAndTheirViolatingFixtures() {
        JavaClasses production = ProductionClasses.get();

        assertThat(production.contain(DomainClassUsingNetty.class)).isFalse();
        assertThat(production.contain(ProductionClassesTest.class)).isFalse();
    }

    @Test
    void excludesTheHarnessClassesJmhGenerates() {
        assertThat(ProductionClasses.get()).noneMatch(javaClass -> javaClass.getPackageName()
                .contains(ProductionClasses.JMH_GENERATED_PACKAGE));
    }

    private static List<String> modules() throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        Document pom = factory.newDocumentBuilder().parse(ROOT.resolve("pom.xml").toFile());
        NodeList nodes = pom.getDocumentElement().getElementsByTagName("module");
        List<String> modules = new ArrayList<>();
        for (int i = 0; i < nodes.getLength(); i++) {
            modules.add(nodes.item(i).getTextContent().trim());
        }
        return modules;
    }

    /** The top-level types of the source files under {@code sources}, by their names. */
    private static List<String> classNamesUnder(Path sources) throws IOException {
        try (Stream<Path> files = Files.walk(sources)) {
            return files.filter(file -> file.toString().endsWith(".java"))
                    .filter(file -> !file.getFileName().toString().equals("package-info.java"))
                    .filter(file -> !file.getFileName().toString().equals("module-info.java"))
                    .map(file -> sources.relativize(file).toString().replace(File.separatorChar, '.'))
                    .map(name -> name.substring(0, name.length() - ".java".length()))
                    .sorted()
                    .toList();
        }
    }
}
