package oarag.bridge.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import oarag.bridge.common.Progress;
import oarag.bridge.model.ImportEntry;
import oarag.bridge.model.Session;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Catalog entries as ODK and Protégé write them, and how each import was found. */
class CatalogTest {
    @TempDir Path tmp;

    private static final String X = "http://example.org/x/";

    private void write(String rel, String text) throws IOException {
        Path p = tmp.resolve(rel);
        Files.createDirectories(p.getParent());
        Files.write(p, text.getBytes(StandardCharsets.UTF_8));
    }

    private static String onto(String iri, String cls, String... imports) {
        StringBuilder b = new StringBuilder("Ontology(<" + iri + ">\n");
        for (String i : imports) {
            b.append("Import(<").append(i).append(">)\n");
        }
        return b.append("Declaration(Class(<" + X + cls + ">))\n)\n").toString();
    }

    @Test
    void groupXmlBaseRewriteAndNextCatalogResolveAndAMissingTargetIsNamed() throws Exception {
        write(
                "src/main.ofn",
                onto(
                        X + "main",
                        "Main",
                        X + "components/a.owl",
                        X + "mods/b.owl",
                        X + "imports/c.owl",
                        X + "far/d.owl"));
        write("src/parts/a.ofn", onto(X + "components/a.owl", "A", X + "mods/b.owl"));
        write("src/rw/b.owl", onto(X + "mods/b.owl", "B"));
        write("shared/d.ofn", onto(X + "far/d.owl", "D"));
        write(
                "src/catalog-v001.xml",
                "<catalog xmlns=\"urn:oasis:names:tc:entity:xmlns:xml:catalog\">\n"
                        + "  <group xml:base=\"parts/\">\n"
                        + "    <uri name=\""
                        + X
                        + "components/a.owl\" uri=\"a.ofn\"/>\n"
                        + "  </group>\n"
                        + "  <rewriteURI uriStartString=\""
                        + X
                        + "mods/\" rewritePrefix=\"rw/\"/>\n"
                        + "  <nextCatalog catalog=\"more/catalog.xml\"/>\n"
                        + "  <nextCatalog catalog=\"absent.xml\"/>\n"
                        + "</catalog>\n");
        write(
                "src/more/catalog.xml",
                "<catalog xmlns=\"urn:oasis:names:tc:entity:xmlns:xml:catalog\">\n"
                        + "  <uri name=\""
                        + X
                        + "imports/c.owl\" uri=\"../imports/c.ofn\"/>\n"
                        + "  <uri name=\""
                        + X
                        + "far/d.owl\" uri=\"../../shared/d.ofn\"/>\n"
                        + "  <uri name=\""
                        + X
                        + "components/a.owl\" uri=\"nowhere.ofn\"/>\n"
                        + "</catalog>\n");
        Session s =
                Loader.load(
                        tmp.resolve("src/main.ofn").toFile(),
                        tmp.resolve("src/catalog-v001.xml").toFile(),
                        Progress.NONE);
        Map<String, ImportEntry> byIri = new HashMap<>();
        for (ImportEntry e : s.importTree) {
            byIri.put(e.iri, e);
        }
        assertEquals(4, s.importTree.size());
        // the first catalog's entry wins over the next catalog's
        assertEquals("catalog", byIri.get(X + "components/a.owl").origin);
        assertEquals(List.of(X + "A"), byIri.get(X + "components/a.owl").terms);
        assertEquals("catalog", byIri.get(X + "mods/b.owl").origin);
        assertEquals("catalog", byIri.get(X + "far/d.owl").origin);
        assertNull(byIri.get(X + "imports/c.owl").origin);
        assertNull(byIri.get(X + "imports/c.owl").path);
        String warnings = s.warnings.stream().map(w -> w.message).reduce("", String::concat);
        assertTrue(warnings.contains("imports/c.ofn, which is missing or unreadable"), warnings);
        assertTrue(warnings.contains("names a next catalog"), warnings);
        assertTrue(warnings.contains("absent.xml"), warnings);
        assertTrue(warnings.contains("outside the ontology's folder"), warnings);
    }

    @Test
    void aTargetOutsideTheAllowedFoldersIsRefused() throws Exception {
        write("src/main.ofn", onto(X + "main", "Main", X + "far/d.owl"));
        write("shared/d.ofn", onto(X + "far/d.owl", "D"));
        write(
                "src/catalog-v001.xml",
                "<catalog xmlns=\"urn:oasis:names:tc:entity:xmlns:xml:catalog\"><uri name=\""
                        + X
                        + "far/d.owl\" uri=\"../shared/d.ofn\"/></catalog>\n");
        Session s =
                Loader.load(
                        tmp.resolve("src/main.ofn").toFile(),
                        new Resolution(
                                tmp.resolve("src/catalog-v001.xml").toFile(),
                                null,
                                List.of(tmp.resolve("src").toFile())),
                        Progress.NONE);
        assertNull(s.importTree.get(0).path);
        assertTrue(
                s.warnings.stream()
                        .anyMatch(
                                w ->
                                        w.code.equals("skipped-import")
                                                && w.message.contains(
                                                        "outside the allowed folders")),
                s.warnings.toString());
    }

    @Test
    void aFoundCatalogThatCannotBeReadIsNamedAndLeftOutAGivenOneFails() throws Exception {
        write("src/main.ofn", onto(X + "main", "Main", X + "far/d.owl"));
        write("src/catalog-v001.xml", "<catalog><uri name=");
        java.io.File main = tmp.resolve("src/main.ofn").toFile();
        java.io.File catalog = tmp.resolve("src/catalog-v001.xml").toFile();
        Resolution found = new Resolution(catalog, null, null);
        found.lenient = true;
        Session s = Loader.load(main, found, Progress.NONE);
        assertTrue(
                s.warnings.stream()
                        .anyMatch(w -> w.message.contains("catalog-v001.xml could not be read")),
                s.warnings.toString());
        oarag.bridge.common.BridgeException e =
                org.junit.jupiter.api.Assertions.assertThrows(
                        oarag.bridge.common.BridgeException.class,
                        () -> Loader.load(main, catalog, Progress.NONE));
        assertEquals("PARSE_ERROR", e.code);
    }
}
