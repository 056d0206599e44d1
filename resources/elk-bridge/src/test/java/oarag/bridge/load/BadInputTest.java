package oarag.bridge.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import oarag.bridge.common.BridgeException;
import oarag.bridge.common.Progress;
import oarag.bridge.model.Session;
import oarag.bridge.testing.Dump;
import oarag.bridge.testing.Fixtures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Broken files give a coded error with a readable message that never quotes the document; nothing
 * crashes.
 */
class BadInputTest {
    @TempDir Path tmp;

    private static BridgeException loadFails(File f) {
        return assertThrows(
                BridgeException.class, () -> Loader.load(f, (java.io.File) null, Progress.NONE));
    }

    @Test
    void garbageIsNotASupportedSyntax() {
        BridgeException e = loadFails(Fixtures.file("garbage.owl"));
        assertEquals("UNSUPPORTED_FORMAT", e.code);
        assertTrue(e.getMessage().contains("garbage.owl"), e.getMessage());
    }

    @Test
    void binaryDataIsRefusedBeforeParsing() {
        BridgeException e = loadFails(Fixtures.file("binary.owl"));
        assertEquals("UNSUPPORTED_FORMAT", e.code);
        assertTrue(e.getMessage().contains("binary"), e.getMessage());
    }

    @Test
    void truncatedFunctionalSyntaxNamesTheLineAndNotTheText() throws Exception {
        BridgeException e = loadFails(Fixtures.file("truncated.ofn"));
        assertEquals("PARSE_ERROR", e.code);
        String m = e.getMessage();
        assertTrue(m.startsWith("The file truncated.ofn is not valid Functional (line "), m);
        int lines =
                Files.readAllLines(Fixtures.file("truncated.ofn").toPath(), StandardCharsets.UTF_8)
                        .size();
        assertTrue(
                m.contains("(line " + lines + ",") || m.contains("(line " + (lines + 1) + ","),
                m + " / " + lines + " lines");
        String lastLine =
                Files.readAllLines(Fixtures.file("truncated.ofn").toPath(), StandardCharsets.UTF_8)
                        .get(lines - 1);
        assertFalse(m.contains(lastLine.trim()), "the message quotes the document: " + m);
        assertFalse(m.contains("\n"));
    }

    @Test
    void emptyFileIsItsOwnError() {
        BridgeException e = loadFails(Fixtures.file("empty.owl"));
        assertEquals("EMPTY_FILE", e.code);
        assertEquals("The file empty.owl is empty.", e.getMessage());
    }

    @Test
    void whitespaceOnlyFileIsEmptyToo() throws Exception {
        File f = tmp.resolve("blank.owl").toFile();
        Files.write(f.toPath(), " \n\t\n".getBytes(StandardCharsets.UTF_8));
        assertEquals("EMPTY_FILE", loadFails(f).code);
    }

    @Test
    void missingFileAndFolderAreNotFound() {
        assertEquals("NOT_FOUND", loadFails(tmp.resolve("nope.owl").toFile()).code);
        BridgeException e = loadFails(tmp.toFile());
        assertEquals("NOT_FOUND", e.code);
        assertTrue(e.getMessage().contains("folder"), e.getMessage());
    }

    @Test
    void missingCatalogIsNotFound() {
        BridgeException e =
                assertThrows(
                        BridgeException.class,
                        () ->
                                Loader.load(
                                        Fixtures.file("anatomy.ofn"),
                                        tmp.resolve("catalog-v001.xml").toFile(),
                                        Progress.NONE));
        assertEquals("NOT_FOUND", e.code);
    }

    @Test
    void ontologyWithoutClassesLoadsAndExtractsAnEmptyClosure() throws Exception {
        Session s = Fixtures.load("empty-classes.ofn");
        assertEquals(0, s.classCount());
        assertEquals(1, s.objectPropertyCount());
        Dump d = Fixtures.extract(s, tmp);
        assertEquals(0, d.hier.size());
        assertEquals(0, d.linkList.size());
        assertEquals(1, d.properties.size());
        assertEquals("stats", d.records.get(d.records.size() - 1).get("t").getAsString());
        assertEquals(d.records.size(), d.result.get("records").getAsInt());
    }

    @Test
    void brokenRdfXmlIsAParseErrorWithALine() throws Exception {
        File f = tmp.resolve("broken.owl").toFile();
        Files.write(
                f.toPath(),
                ("<?xml version=\"1.0\"?>\n<rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\"\n"
                                + " xmlns:owl=\"http://www.w3.org/2002/07/owl#\">\n<owl:Ontology rdf:about=\"http://x\"/>\n"
                                + "<owl:Class rdf:about=\"http://x#A\">\n</rdf:RDF>\n")
                        .getBytes(StandardCharsets.UTF_8));
        BridgeException e = loadFails(f);
        assertEquals("PARSE_ERROR", e.code);
        assertTrue(e.getMessage().contains("RDF/XML"), e.getMessage());
        assertTrue(e.getMessage().contains("line "), e.getMessage());
    }
}
