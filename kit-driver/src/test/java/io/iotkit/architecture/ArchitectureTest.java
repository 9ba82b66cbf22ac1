package io.iotkit.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * The shape of the kit as docs/ARCHITECTURE.md draws it, read from the compiled classes: features depend on the
 * plain types of {@code model} and never on each other in a loop; the driver instance knows nothing of the
 * master; the reports read a result and nothing of the run that made it.
 */
class ArchitectureTest {
  private static final JavaClasses KIT = new ClassFileImporter()
      .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
      .importPackages("io.iotkit");

  @Test
  void noPackagesDependOnEachOtherInALoop() {
    slices().matching("io.iotkit.(*)..").should().beFreeOfCycles().check(KIT);
  }

  @Test
  void theModelDependsOnNothingOfTheKitButTheBindingInterface() {
    classes().that().resideInAPackage("io.iotkit.model..")
        .should().onlyDependOnClassesThat().resideInAnyPackage("io.iotkit.model..", "io.iotkit.binding..",
            "java..", "com.fasterxml.jackson..", "org.HdrHistogram..")
        .check(KIT);
  }

  @Test
  void theDriverInstanceKnowsNothingOfTheMaster() {
    noClasses().that().resideInAPackage("io.iotkit.instance..")
        .should().dependOnClassesThat().resideInAnyPackage("io.iotkit.cli..", "io.iotkit.protocol..",
            "io.iotkit.check..", "io.iotkit.metrics..", "io.iotkit.progress..", "io.iotkit.report..",
            "io.iotkit.disclosure..", "io.iotkit.result..")
        .check(KIT);
  }

  @Test
  void reportsReadAResultAndNothingOfTheRun() {
    noClasses().that().resideInAnyPackage("io.iotkit.report..", "io.iotkit.disclosure..")
        .should().dependOnClassesThat().resideInAnyPackage("io.iotkit.cli..", "io.iotkit.protocol..",
            "io.iotkit.instance..", "io.iotkit.control..", "io.iotkit.progress..", "io.iotkit.sut..")
        .check(KIT);
  }

  @Test
  void aStudyReadsItsRunsResultsAndRunsThemOnlyThroughTheLauncher() {
    noClasses().that().resideInAPackage("io.iotkit.study..")
        .should().dependOnClassesThat().resideInAnyPackage("io.iotkit.cli..", "io.iotkit.protocol..",
            "io.iotkit.instance..", "io.iotkit.report..", "io.iotkit.sut..")
        .check(KIT);
  }
}
