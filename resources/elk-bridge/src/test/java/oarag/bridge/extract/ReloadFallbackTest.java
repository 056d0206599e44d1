package oarag.bridge.extract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import oarag.bridge.common.BridgeException;
import oarag.bridge.server.Commands;
import oarag.bridge.testing.Fixtures;
import org.junit.jupiter.api.Test;

/**
 * Reloads that cannot apply a functional-syntax text diff: a full load with its reason, a file in
 * another syntax diffed by axiom, a syntax error that leaves the session as it was. The result
 * always equals a fresh bridge's load + extract of the edited file.
 */
class ReloadFallbackTest extends ReloadCase {
    @Test
    void aHeaderChangeLoadsAfreshAndTheNextEditIsIncrementalAgain() throws Exception {
        File f = copy("regulation.ofn", "reg.ofn");
        Commands c = warm(f);
        replace(
                f,
                "Annotation(rdfs:comment \"Handwritten test fixture;",
                "Annotation(rdfs:comment \"Edited fixture;");
        assertFull(reload(c, f), "header-changed");
        addLines(f, "SubClassOf(:ATP :Carbohydrate)");
        assertIncremental(reload(c, f), 1, 0);
        replace(
                f,
                "Prefix(obo:=<http://purl.obolibrary.org/obo/>)",
                "Prefix(obo:=<http://purl.obolibrary.org/obo#>)");
        assertFull(reload(c, f), "header-changed");
    }

    @Test
    void withoutAWarmSessionAReloadIsALoadAndAnExtract() throws Exception {
        File f = copy("regulation.ofn", "reg.ofn");
        assertFull(reload(new Commands(), f), "no-warm-session");
        Commands loadedOnly = new Commands();
        call(loadedOnly, "load", req("path", f.getPath()));
        assertFull(reload(loadedOnly, f), "no-warm-session");
        File other = copy("anatomy.ofn", "anatomy.ofn");
        Commands c = warm(other);
        assertFull(reload(c, f), "no-warm-session");
        assertIncremental(reload(c, f), 0, 0);
    }

    @Test
    void aSyntaxErrorNamesItsLineAndLeavesTheSessionAsItWas() throws Exception {
        File f = copy("regulation.ofn", "reg.ofn");
        Commands c = warm(f);
        int line =
                1
                        + (int)
                                text(f).substring(
                                                0,
                                                text(f).indexOf("SubClassOf(:ATP :ChemicalEntity)"))
                                        .chars()
                                        .filter(ch -> ch == '\n')
                                        .count();
        replace(f, "SubClassOf(:ATP :ChemicalEntity)", "SubClassOff(:ATP :ChemicalEntity)");
        BridgeException e =
                assertThrows(
                        BridgeException.class,
                        () ->
                                call(
                                        c,
                                        "reload",
                                        req("path", f.getPath(), "out", nextOut().getPath())));
        assertEquals("PARSE_ERROR", e.code);
        assertTrue(e.getMessage().contains("(line " + line), e.getMessage());
        assertTrue(entailed(c, "Glucose", "Carbohydrate"), "the session still answers");
        // unbalanced parentheses: the file is read whole to say where
        replace(f, "SubClassOff(:ATP :ChemicalEntity)", "SubClassOf(:ATP :ChemicalEntity");
        e =
                assertThrows(
                        BridgeException.class,
                        () ->
                                call(
                                        c,
                                        "reload",
                                        req("path", f.getPath(), "out", nextOut().getPath())));
        assertEquals("PARSE_ERROR", e.code);
        assertTrue(e.getMessage().contains("(line "), e.getMessage());
        replace(f, "SubClassOf(:ATP :ChemicalEntity", "SubClassOf(:ATP :Carbohydrate)");
        assertIncremental(reload(c, f), 1, 1);
    }

    @Test
    void manyChangesLoadAfresh() throws Exception {
        File f = copy("regulation.ofn", "reg.ofn");
        Commands c = warm(f);
        StringBuilder kept = new StringBuilder();
        for (String l : text(f).split("\n", -1)) {
            if (!l.startsWith("SubClassOf(") && !l.startsWith("AnnotationAssertion(rdfs:label")) {
                kept.append(l).append('\n');
            }
        }
        write(f, kept.toString());
        assertFull(reload(c, f), "too-many-changes");
    }

    @Test
    void anotherSyntaxAtTheSamePathLoadsAfresh() throws Exception {
        File f = copy("regulation.ofn", "reg.owl");
        Commands c = warm(f);
        saveAsRdfXml(Fixtures.file("regulation.ofn"), f, null);
        assertFull(reload(c, f), "format-changed");
    }

    @Test
    void rdfXmlIsDiffedByAxiom() throws Exception {
        File f = tmp.resolve("reg.owl").toFile();
        saveAsRdfXml(Fixtures.file("regulation.ofn"), f, null);
        Commands c = warm(f);
        saveAsRdfXml(Fixtures.file("regulation.ofn"), f, "ATP");
        assertIncremental(reload(c, f), 1, 0);
        assertTrue(entailed(c, "ATP", "Carbohydrate"));
    }

    @Test
    void oboIsDiffedByAxiomUnlessItHasImports() throws Exception {
        File f = tmp.resolve("mini.obo").toFile();
        write(f, text(Fixtures.file("mini.obo")).replaceAll("(?m)^import:.*\n", ""));
        Commands c = warm(f);
        replace(
                f,
                "relationship: BFO:0000050 XX:0000003 ! part of heart\n",
                "relationship: BFO:0000050 XX:0000003 ! part of heart\nis_a: XX:0000002 ! organ\n");
        assertIncremental(reload(c, f), 1, 0);
        File imports = copy("mini.obo", "imports.obo");
        Commands d = warm(imports);
        assertFull(reload(d, imports), "imports");
    }

    @Test
    void theNonElWarningCountsTheEditedFile() throws Exception {
        File f = copy("non-el.ofn", "lab.ofn");
        Commands c = warm(f);
        replace(f, "SubClassOf(:Specimen ObjectUnionOf(:BloodSample :UrineSample))\n", "");
        assertIncremental(reload(c, f), 0, 1);
        addLines(f, "SubClassOf(:Kit ObjectAllValuesFrom(:hasPart :Reagent))");
        assertIncremental(reload(c, f), 1, 0);
    }
}
