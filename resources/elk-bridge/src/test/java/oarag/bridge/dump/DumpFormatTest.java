package oarag.bridge.dump;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import oarag.bridge.model.Session;
import oarag.bridge.testing.Dump;
import oarag.bridge.testing.Fixtures;
import oarag.bridge.testing.Ofn;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The NDJSON dump of docs/bridge-protocol.md: record order, annotations, fillers, stats. */
class DumpFormatTest {
    @TempDir Path tmp;

    private static final List<String> ORDER =
            List.of(
                    "ontology",
                    "annotationProperty",
                    "property",
                    "class",
                    "stated",
                    "hier",
                    "unsat",
                    "filler",
                    "link",
                    "stats");
    private static final String AN = "http://example.org/el/anatomy#";

    @Test
    void recordsComeInTheDocumentedOrderAndTheCountsMatch() throws Exception {
        for (String f :
                new String[] {"anatomy.ofn", "regulation.ofn", "clinical.ofn", "mini.obo"}) {
            Dump d = Fixtures.extract(Fixtures.load(f), tmp.resolve(f));
            int last = -1;
            for (JsonObject r : d.records) {
                int k = ORDER.indexOf(r.get("t").getAsString());
                int before = last;
                assertTrue(
                        k >= 0 && k >= last,
                        () -> f + ": " + r.get("t") + " after " + ORDER.get(Math.max(0, before)));
                last = k;
            }
            assertEquals("ontology", d.records.get(0).get("t").getAsString());
            JsonObject stats = d.records.get(d.records.size() - 1);
            assertEquals("stats", stats.get("t").getAsString());
            assertEquals(d.records.size(), d.result.get("records").getAsInt(), f);
            assertEquals(d.linkList.size(), stats.get("links").getAsInt(), f);
            assertEquals(d.unsat.size(), stats.get("unsatisfiable").getAsInt(), f);
            assertEquals(d.fillers.size(), stats.get("fillers").getAsInt(), f);
            assertEquals(d.fillers.size(), d.result.get("fillers").getAsInt(), f);
            assertEquals(d.ofType("class").size(), stats.get("classes").getAsInt(), f);
            assertTrue(stats.getAsJsonObject("seconds").has("classify"));
            assertTrue(stats.getAsJsonObject("seconds").has("closure"));
            // a link's filler IRI is always one of the filler records
            for (String[] l : d.linkList) {
                assertTrue(
                        !l[2].startsWith("urn:") || d.fillers.containsKey(l[2]),
                        "dangling filler " + l[2]);
            }
        }
    }

    @Test
    void theLabelARenderingUsesIsChosenByRankThenByText() throws Exception {
        // rdfs:label@en over @en-gb, then the least of equal rank: never the order the axioms come
        // in
        Session s =
                Ofn.load(
                        tmp,
                        "labels",
                        "Declaration(Class(:Thorax))",
                        "Declaration(Class(:Heart))",
                        "Declaration(ObjectProperty(:partOf))",
                        "Declaration(AnnotationProperty(:xref))",
                        "AnnotationAssertion(rdfs:label :Thorax \"chest\"@en-gb)",
                        "AnnotationAssertion(rdfs:label :Thorax \"thorax\"@en)",
                        "AnnotationAssertion(rdfs:label :xref \"x ref\")",
                        "AnnotationAssertion(rdfs:label :xref \"cross reference\")",
                        "AnnotationAssertion(:xref :Heart \"H:1\")",
                        "SubClassOf(:Heart ObjectSomeValuesFrom(:partOf :Thorax))");
        Dump d = Fixtures.extract(s, tmp);
        assertEquals("thorax", d.ofType("stated").get(0).get("text").getAsString());
        for (JsonObject p : d.ofType("annotationProperty")) {
            if (p.get("iri").getAsString().equals(Ofn.iri("xref"))) {
                assertEquals("cross reference", p.get("label").getAsString());
            }
        }
    }

    @Test
    void annotationsKeepLanguagesAxiomAnnotationsAndDeprecation() throws Exception {
        Dump d = Fixtures.extract(Fixtures.load("anatomy.ofn"), tmp);
        JsonObject heart = null;
        int deprecated = 0;
        for (JsonObject c : d.ofType("class")) {
            if (c.get("iri").getAsString().equals(AN + "Heart")) {
                heart = c;
            }
            deprecated += c.get("deprecated").getAsBoolean() ? 1 : 0;
        }
        assertEquals(1, deprecated, "ObsoleteCardiacRegion");
        boolean latin = false;
        boolean defWithXrefs = false;
        for (JsonElement a : heart.getAsJsonArray("annotations")) {
            JsonObject o = a.getAsJsonObject();
            latin |= o.has("lang") && o.get("lang").getAsString().equals("la");
            if (o.get("p").getAsString().equals("http://purl.obolibrary.org/obo/IAO_0000115")) {
                defWithXrefs = o.getAsJsonArray("ann").size() == 2;
            }
        }
        assertTrue(latin, "the @la synonym");
        assertTrue(defWithXrefs, "the definition's two hasDbXref axiom annotations");
        JsonObject ont = d.records.get(0);
        assertEquals("http://example.org/el/anatomy.owl", ont.get("iri").getAsString());
        assertTrue(ont.get("versionIri").isJsonPrimitive());
        Set<String> used = new HashSet<>();
        for (JsonObject p : d.ofType("annotationProperty")) {
            used.add(p.get("iri").getAsString());
        }
        assertTrue(used.contains("http://www.w3.org/2000/01/rdf-schema#label"));
    }

    @Test
    void statedRecordsListToldExistentialConjunctsWithTheirKind() throws Exception {
        Dump d = Fixtures.extract(Fixtures.load("regulation.ofn"), tmp);
        List<String> kinds = new ArrayList<>();
        boolean nested = false;
        for (JsonObject st : d.ofType("stated")) {
            kinds.add(st.get("kind").getAsString());
            if (st.get("s").getAsString().endsWith("#HepaticGlycolysisActivation")) {
                nested =
                        st.get("f").isJsonNull()
                                && st.get("text").getAsString().contains("glycolysis");
            }
        }
        assertTrue(kinds.contains("sub") && kinds.contains("equiv"), kinds.toString());
        assertTrue(nested, "the complex filler has f = null and a rendered text");
        // the nested filler is one filler record whose parents include the equivalent named class
        boolean fillerWithDefined = false;
        for (JsonObject f : d.fillers.values()) {
            JsonArray ps = f.getAsJsonArray("parents");
            fillerWithDefined |=
                    Fixtures.strings(ps)
                            .contains("http://example.org/el/regulation#GlycolysisInHepatocyte");
        }
        assertTrue(fillerWithDefined);
    }

    @Test
    void unsatisfiableClassesGetUnsatRecordsAndNoHier() throws Exception {
        Dump d = Fixtures.extract(Fixtures.load("clinical.ofn"), tmp);
        assertEquals(5, d.unsat.size());
        for (String u : d.unsat) {
            assertTrue(!d.hier.containsKey(u), u);
        }
    }
}
