package oarag.bridge.extract;

import oarag.bridge.common.BridgeException;
import oarag.bridge.common.Progress;
import oarag.bridge.diff.OfnIndex;
import oarag.bridge.prepare.Attachments;
import oarag.bridge.server.Commands;
import oarag.bridge.testing.CanonicalDump;
import oarag.bridge.testing.Fixtures;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.FileOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.semanticweb.elk.owlapi.ElkReasoner;
import org.semanticweb.owlapi.apibinding.OWLManager;
import org.semanticweb.owlapi.formats.RDFXMLDocumentFormat;
import org.semanticweb.owlapi.model.IRI;
import org.semanticweb.owlapi.model.OWLDataFactory;
import org.semanticweb.owlapi.model.OWLOntology;
import org.semanticweb.owlapi.model.OWLOntologyManager;

/**
 * The reload command: an edited file reloaded into a warm session writes the dump, and answers the load fields,
 * that a fresh bridge's load + extract of the edited file gives; incrementally where it can, and says why not.
 */
class ReloadTest {
    @TempDir
    Path tmp;

    private static final String REG = "http://example.org/el/regulation#";
    private static final List<String> LOAD_KEYS = List.of("ontologyIri", "versionIri", "format", "classes",
        "objectProperties", "axioms", "imports", "warnings");
    private static final List<String> EXTRACT_KEYS = List.of("records", "unsatisfiable", "links", "fillers",
        "freshClasses");

    private int outputs;

    private File nextOut() {
        return tmp.resolve("dump-" + (++outputs) + ".ndjson").toFile();
    }

    private static JsonObject req(String... kv) {
        JsonObject o = new JsonObject();
        for (int i = 0; i < kv.length; i += 2) {
            o.addProperty(kv[i], kv[i + 1]);
        }
        return o;
    }

    private static JsonObject call(Commands c, String cmd, JsonObject req) throws Exception {
        return c.handle(cmd, req, Progress.NONE);
    }

    private File copy(String fixture, String name) throws Exception {
        File f = tmp.resolve(name).toFile();
        Files.copy(Fixtures.file(fixture).toPath(), f.toPath());
        return f;
    }

    /**
     * A bridge session that loaded and extracted the file, so it holds a warm state; once the state's index of the
     * file's axiom texts (functional syntax) is built, which happens after the extract, so the test's edits come
     * after it as a user's would.
     */
    private Commands warm(File f) throws Exception {
        Commands c = new Commands();
        call(c, "load", req("path", f.getPath()));
        call(c, "extract", req("out", nextOut().getPath()));
        assertTrue(c.current().warm() != null, "a warm state is kept");
        texts(c);
        return c;
    }

    /** The warm state's index of the axiom texts, once built (null: reloads parse the file whole). */
    private static OfnIndex texts(Commands c) {
        return c.current().warm() == null ? null : c.current().warm().index();
    }

    private static String text(File f) throws Exception {
        return Files.readString(f.toPath(), StandardCharsets.UTF_8);
    }

    private static void write(File f, String text) throws Exception {
        Files.writeString(f.toPath(), text, StandardCharsets.UTF_8);
    }

    /** Adds axiom lines before the ontology's closing parenthesis (the file's last one). */
    private static void addLines(File f, String... lines) throws Exception {
        String t = text(f);
        int end = t.lastIndexOf(')');
        write(f, t.substring(0, end) + String.join("\n", lines) + "\n" + t.substring(end));
    }

    private static void replace(File f, String old, String now) throws Exception {
        String t = text(f);
        assertTrue(t.contains(old), "the fixture has " + old);
        write(f, t.replace(old, now));
    }

    /** Reloads f into c and checks the result against a fresh bridge's load + extract of f. */
    private JsonObject reload(Commands c, File f) throws Exception {
        File out = nextOut();
        JsonObject r = call(c, "reload", req("path", f.getPath(), "out", out.getPath()));
        Commands fresh = new Commands();
        JsonObject loaded = call(fresh, "load", req("path", f.getPath()));
        File freshOut = nextOut();
        JsonObject extracted = call(fresh, "extract", req("out", freshOut.getPath()));
        List<String> got = CanonicalDump.of(out);
        List<String> want = CanonicalDump.of(freshOut);
        assertEquals(want, got, () -> CanonicalDump.difference(got, want));
        for (String k : LOAD_KEYS) {
            assertEquals(loaded.get(k), r.get(k), k);
        }
        for (String k : EXTRACT_KEYS) {
            assertEquals(extracted.get(k), r.get(k), k);
        }
        return r;
    }

    private static void assertIncremental(JsonObject r, int added, int removed) {
        assertTrue(r.get("incremental").getAsBoolean(), r.toString());
        assertTrue(r.get("reason").isJsonNull(), r.toString());
        assertEquals(added, r.getAsJsonObject("diff").get("added").getAsInt(), "added: " + r);
        assertEquals(removed, r.getAsJsonObject("diff").get("removed").getAsInt(), "removed: " + r);
        JsonObject sec = r.getAsJsonObject("seconds");
        for (String k : List.of("diff", "apply", "prepare", "elk", "taxonomy", "classify", "closure", "write")) {
            assertTrue(sec.has(k) && sec.get(k).getAsDouble() >= 0, k + " in " + sec);
        }
        assertFalse(sec.has("parse"), sec.toString());
    }

    private static void assertFull(JsonObject r, String reason) {
        assertFalse(r.get("incremental").getAsBoolean(), r.toString());
        assertEquals(reason, r.get("reason").getAsString());
        assertFalse(r.has("diff"), "a full load counts no axioms: " + r);
        assertTrue(r.getAsJsonObject("seconds").get("parse").getAsDouble() > 0, r.toString());
    }

    private static boolean entailed(Commands c, String sub, String sup) throws Exception {
        JsonObject q = JsonParser.parseString("{\"queries\":[{\"sub\":\"" + REG + sub + "\",\"r\":null,\"sup\":\""
            + REG + sup + "\"}]}").getAsJsonObject();
        return call(c, "entailed", q).getAsJsonArray("answers").get(0).getAsBoolean();
    }

    @Test
    void addingASubClassOfBetweenNamedClassesIsIncremental() throws Exception {
        File f = copy("regulation.ofn", "reg.ofn");
        Commands c = warm(f);
        OfnIndex texts = texts(c);
        assertTrue(texts != null, "functional syntax is diffed by its axiom texts");
        assertFalse(entailed(c, "ATP", "Carbohydrate"));
        addLines(f, "SubClassOf(:ATP :Carbohydrate)");
        assertIncremental(reload(c, f), 1, 0);
        assertTrue(texts == texts(c), "the index is patched, not rebuilt");
        assertEquals(c.current().root.getAxiomCount(), texts.count());
        assertTrue(entailed(c, "ATP", "Carbohydrate"), "queries see the edited ontology");
    }

    @Test
    void anEditWithoutExistentialsKeepsTheAttachmentsAndOneWithThemCollectsAgain() throws Exception {
        File f = copy("regulation.ofn", "reg.ofn");
        Commands c = warm(f);
        Attachments before = c.current().warm().prepared.att;
        addLines(f, "SubClassOf(:ATP :Carbohydrate)", "DisjointClasses(:Glucose :Pyruvate)");
        assertIncremental(reload(c, f), 2, 0);
        assertSame(before, c.current().warm().prepared.att, "a new parent and a disjointness attach nothing");
        addLines(f, "SubClassOf(:PhosphofructokinaseReaction ObjectSomeValuesFrom(:regulates :Glycolysis))");
        assertIncremental(reload(c, f), 1, 0);
        assertFalse(before == c.current().warm().prepared.att, "an existential is collected");
    }

    /** Whether sub ⊑ ∃r.sup, asked through explain (which also gives the axioms it rests on). */
    private static boolean explained(Commands c, String sub, String r, String sup) throws Exception {
        JsonObject ex = call(c, "explain", JsonParser.parseString("{\"sub\":\"" + REG + sub + "\",\"r\":\"" + REG + r
            + "\",\"sup\":\"" + REG + sup + "\"}").getAsJsonObject());
        boolean yes = ex.get("entailed").getAsBoolean();
        assertEquals(yes, ex.getAsJsonArray("axioms").size() > 0, ex.toString());
        return yes;
    }

    @Test
    void theQueryReasonerTakesAnIncrementalEditInsteadOfClassifyingAgain() throws Exception {
        File f = copy("regulation.ofn", "reg.ofn");
        Commands c = warm(f);
        assertTrue(explained(c, "RegulationOfGlycolysis", "regulates", "CellularRespiration"));
        assertFalse(entailed(c, "ATP", "Carbohydrate"));
        ElkReasoner before = c.current().reasoner(null);
        replace(f, "SubClassOf(:Glycolysis ObjectSomeValuesFrom(:partOf :CellularRespiration))\n", "");
        addLines(f, "SubClassOf(:ATP :Carbohydrate)");
        assertIncremental(reload(c, f), 1, 1);
        assertFalse(explained(c, "RegulationOfGlycolysis", "regulates", "CellularRespiration"),
            "the removed axiom's consequence is gone");
        assertTrue(entailed(c, "ATP", "Carbohydrate"), "the added axiom's is there");
        assertSame(before, c.current().reasoner(null), "the reasoner took the edit; it was not created again");
    }

    @Test
    void anAxiomWrittenTwiceMakesReloadsParseTheWholeFile() throws Exception {
        File f = copy("regulation.ofn", "reg.ofn");
        addLines(f, "SubClassOf(:ATP :ChemicalEntity)");
        Commands c = warm(f);
        assertTrue(texts(c) == null, "two texts for one axiom: a removed text need not be a removed axiom");
        replace(f, "SubClassOf(:ATP :ChemicalEntity)\n", "");
        assertIncremental(reload(c, f), 0, 1);
        assertTrue(texts(c) != null, "the edited file has one text per axiom again");
        addLines(f, "SubClassOf(:ATP :Carbohydrate)");
        assertIncremental(reload(c, f), 1, 0);
    }

    @Test
    void addingAnExistentialIsIncremental() throws Exception {
        File f = copy("regulation.ofn", "reg.ofn");
        Commands c = warm(f);
        addLines(f, "SubClassOf(:PhosphofructokinaseReaction ObjectSomeValuesFrom(:regulates :Glycolysis))");
        assertIncremental(reload(c, f), 1, 0);
    }

    @Test
    void removingAnAxiomIsIncremental() throws Exception {
        File f = copy("regulation.ofn", "reg.ofn");
        Commands c = warm(f);
        // the chain regulates∘partOf no longer reaches cellular respiration from glycolysis
        replace(f, "SubClassOf(:Glycolysis ObjectSomeValuesFrom(:partOf :CellularRespiration))\n", "");
        assertIncremental(reload(c, f), 0, 1);
    }

    @Test
    void changingALabelIsIncremental() throws Exception {
        File f = copy("regulation.ofn", "reg.ofn");
        Commands c = warm(f);
        replace(f, "AnnotationAssertion(rdfs:label :hasInput \"has input\"@en)",
            "AnnotationAssertion(rdfs:label :hasInput \"takes as input\"@en)");
        File out = tmp.resolve("label.ndjson").toFile();
        JsonObject r = call(c, "reload", req("path", f.getPath(), "out", out.getPath()));
        assertIncremental(r, 1, 1);
        assertTrue(text(out).contains("takes as input") && !text(out).contains("\"has input\""));
        assertIncremental(reload(c, f), 0, 0);
    }

    @Test
    void addingAClassWithAParentIsIncremental() throws Exception {
        File f = copy("regulation.ofn", "reg.ofn");
        Commands c = warm(f);
        addLines(f, "Declaration(Class(:Lactate))", "AnnotationAssertion(rdfs:label :Lactate \"lactate\"@en)",
            "SubClassOf(:Lactate :Carbohydrate)", "SubClassOf(:Glycolysis ObjectSomeValuesFrom(:hasOutput :Lactate))");
        JsonObject r = reload(c, f);
        assertIncremental(r, 4, 0);
        assertEquals(Fixtures.expected("regulation").get("classes").getAsInt() + 1, r.get("classes").getAsInt());
        // and the class goes again
        replace(f, "SubClassOf(:Glycolysis ObjectSomeValuesFrom(:hasOutput :Lactate))\n", "");
        replace(f, "SubClassOf(:Lactate :Carbohydrate)\n", "");
        replace(f, "Declaration(Class(:Lactate))\n", "");
        assertIncremental(reload(c, f), 0, 3);
    }

    @Test
    void complexFillersComeAndGoAcrossReloads() throws Exception {
        File f = copy("regulation.ofn", "reg.ofn");
        Commands c = warm(f);
        addLines(f, "SubClassOf(:FructoseBisphosphateSignaling ObjectSomeValuesFrom(:negativelyRegulates "
            + "ObjectIntersectionOf(:CellularRespiration ObjectSomeValuesFrom(:occursIn :Cytosol))))");
        JsonObject r = reload(c, f);
        assertIncremental(r, 1, 0);
        assertTrue(r.get("fillers").getAsInt() >= 2, r.toString());
        replace(f, "SubClassOf(:HepaticGlycolysisActivation ObjectSomeValuesFrom(:positivelyRegulates "
            + "ObjectIntersectionOf(:Glycolysis ObjectSomeValuesFrom(:occursIn :Hepatocyte))))\n", "");
        assertIncremental(reload(c, f), 0, 1);
        Files.copy(Fixtures.file("regulation.ofn").toPath(), f.toPath(), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        assertIncremental(reload(c, f), 1, 1);
    }

    @Test
    void aRoleAxiomChangeIsIncrementalAndElkRedoesWhatItMust() throws Exception {
        File f = copy("regulation.ofn", "reg.ofn");
        Commands c = warm(f);
        addLines(f, "TransitiveObjectProperty(:regulates)");
        assertIncremental(reload(c, f), 1, 0);
        replace(f, "SubObjectPropertyOf(:hasInput :hasParticipant)\n", "");
        assertIncremental(reload(c, f), 0, 1);
    }

    @Test
    void anAnnotatedCopyOfALogicalAxiomIsItsOwnAxiom() throws Exception {
        File f = copy("regulation.ofn", "reg.ofn");
        Commands c = warm(f);
        addLines(f, "SubClassOf(Annotation(rdfs:comment \"also stated here\") :ATP :ChemicalEntity)");
        assertIncremental(reload(c, f), 1, 0);
        replace(f, "SubClassOf(:ATP :ChemicalEntity)\n", "");
        assertIncremental(reload(c, f), 0, 1);
        assertTrue(entailed(c, "ATP", "ChemicalEntity"), "the annotated copy still says it");
    }

    @Test
    void anUnchangedFileReloadsWithAnEmptyDiff() throws Exception {
        File f = copy("anatomy.ofn", "anatomy.ofn");
        Commands c = warm(f);
        JsonObject r = reload(c, f);
        assertIncremental(r, 0, 0);
        assertTrue(r.get("records").getAsInt() > 0 && r.get("links").getAsInt() > 0);
        // rewording that keeps the axioms (white space, a comment, operand order) is no change either
        replace(f, "SubClassOf(:Heart :Organ)", "SubClassOf( :Heart\n   :Organ ) # reworded");
        replace(f, "EquivalentClasses(:CardiacMuscleTissue ObjectIntersectionOf(:MuscleTissue "
            + "ObjectSomeValuesFrom(:partOf :Heart)))", "EquivalentClasses(ObjectIntersectionOf("
            + "ObjectSomeValuesFrom(:partOf :Heart) :MuscleTissue) :CardiacMuscleTissue)");
        assertIncremental(reload(c, f), 0, 0);
    }

    @Test
    void aHeaderChangeLoadsAfreshAndTheNextEditIsIncrementalAgain() throws Exception {
        File f = copy("regulation.ofn", "reg.ofn");
        Commands c = warm(f);
        replace(f, "Annotation(rdfs:comment \"Handwritten test fixture;", "Annotation(rdfs:comment \"Edited fixture;");
        assertFull(reload(c, f), "header-changed");
        addLines(f, "SubClassOf(:ATP :Carbohydrate)");
        assertIncremental(reload(c, f), 1, 0);
        replace(f, "Prefix(obo:=<http://purl.obolibrary.org/obo/>)", "Prefix(obo:=<http://purl.obolibrary.org/obo#>)");
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
        int line = 1 + (int) text(f).substring(0, text(f).indexOf("SubClassOf(:ATP :ChemicalEntity)")).chars()
            .filter(ch -> ch == '\n').count();
        replace(f, "SubClassOf(:ATP :ChemicalEntity)", "SubClassOff(:ATP :ChemicalEntity)");
        BridgeException e = assertThrows(BridgeException.class,
            () -> call(c, "reload", req("path", f.getPath(), "out", nextOut().getPath())));
        assertEquals("PARSE_ERROR", e.code);
        assertTrue(e.getMessage().contains("(line " + line), e.getMessage());
        assertTrue(entailed(c, "Glucose", "Carbohydrate"), "the session still answers");
        // unbalanced parentheses: the file is read whole to say where
        replace(f, "SubClassOff(:ATP :ChemicalEntity)", "SubClassOf(:ATP :ChemicalEntity");
        e = assertThrows(BridgeException.class,
            () -> call(c, "reload", req("path", f.getPath(), "out", nextOut().getPath())));
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
        replace(f, "relationship: BFO:0000050 XX:0000003 ! part of heart\n",
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

    /**
     * A random DAG of classes with existentials over a transitive role, a sub-role and a chain (so closures pass
     * through fillers), and defined classes: one-class edits in a row. Every reload equals a fresh load, and the
     * edits that keep the taxonomy's nodes redo only part of the closure walk.
     */
    @Test
    void oneClassEditsInARowRedoOnlyPartOfTheClosureWalk() throws Exception {
        java.util.Random rnd = new java.util.Random(16);
        int n = 150;
        String[] roles = {":p", ":q", ":s"};
        StringBuilder sb = new StringBuilder("Prefix(:=<http://example.org/walk#>)\nOntology(<http://example.org/walk>\n"
            + "Declaration(ObjectProperty(:p))\nDeclaration(ObjectProperty(:q))\nDeclaration(ObjectProperty(:s))\n"
            + "TransitiveObjectProperty(:p)\nSubObjectPropertyOf(:s :p)\n"
            + "SubObjectPropertyOf(ObjectPropertyChain(:q :p) :q)\n");
        for (int i = 0; i < n; i++) {
            sb.append("Declaration(Class(:C").append(i).append("))\n");
            if (i > 0) {
                sb.append("SubClassOf(:C").append(i).append(" :C").append(rnd.nextInt(i)).append(")\n");
            }
            if (rnd.nextInt(10) < 4) {
                sb.append("SubClassOf(:C").append(i).append(" ObjectSomeValuesFrom(").append(roles[rnd.nextInt(3)])
                    .append(" :C").append(rnd.nextInt(n)).append("))\n");
            }
            if (i % 15 == 7) {
                sb.append("EquivalentClasses(:D").append(i).append(" ObjectIntersectionOf(:C").append(rnd.nextInt(i))
                    .append(" ObjectSomeValuesFrom(:p :C").append(rnd.nextInt(n)).append(")))\n");
            }
        }
        File f = tmp.resolve("walk.ofn").toFile();
        write(f, sb.append(")\n").toString());
        Commands c = warm(f);
        int partial = 0;
        int partialSets = 0;
        for (int k = 0; k < 12; k++) {
            int a = 1 + rnd.nextInt(n - 1);
            String line = k % 3 == 0 ? "SubClassOf(:C" + a + " :C" + rnd.nextInt(a) + ")"
                : "SubClassOf(:C" + a + " ObjectSomeValuesFrom(" + roles[k % 3] + " :C" + rnd.nextInt(n) + "))";
            addLines(f, line);
            JsonObject r = reload(c, f);
            assertIncremental(r, 1, 0);
            JsonObject work = r.getAsJsonObject("closureWork");
            if (work.get("nodesWalked").getAsInt() < work.get("nodes").getAsInt()) {
                partial++;
            }
            if (work.get("fillerSetsComputed").getAsInt() < work.get("fillerSets").getAsInt()) {
                partialSets++;
            }
        }
        assertTrue(partial >= 8, partial + " of 12 reloads redid part of the walk");
        assertTrue(partialSets >= 6, partialSets + " of 12 reloads computed part of the filler sets");
    }

    @Test
    void aTargetsNewParentMakesTheLinkToThatParentRedundantThoughTheSourceIsUntouched() throws Exception {
        File f = tmp.resolve("cover.ofn").toFile();
        StringBuilder sb = new StringBuilder("Prefix(:=<http://example.org/cover#>)\n"
            + "Ontology(<http://example.org/cover>\nDeclaration(ObjectProperty(:p))\nDeclaration(Class(:A))\n"
            + "Declaration(Class(:X))\nDeclaration(Class(:Y))\nSubClassOf(:A ObjectSomeValuesFrom(:p :X))\n"
            + "SubClassOf(:A ObjectSomeValuesFrom(:p :Y))\n");
        for (int i = 0; i < 30; i++) {
            sb.append("SubClassOf(:E").append(i).append(" :A)\n"); // enough axioms for one edit to be a small one
        }
        write(f, sb.append(")\n").toString());
        Commands c = warm(f);
        addLines(f, "SubClassOf(:X :Y)");
        JsonObject r = reload(c, f);
        assertIncremental(r, 1, 0);
        assertEquals(1, r.get("links").getAsInt(), "A ⊑ ∃p.X now covers A ⊑ ∃p.Y: " + r);
        JsonObject work = r.getAsJsonObject("closureWork");
        assertTrue(work.get("nodesWalked").getAsInt() < work.get("nodes").getAsInt(), work.toString());
    }

    /** The OWL functional file written as RDF/XML, with SubClassOf(name, Carbohydrate) added when name is given. */
    private static void saveAsRdfXml(File ofn, File out, String name) throws Exception {
        OWLOntologyManager man = OWLManager.createOWLOntologyManager();
        OWLOntology o = man.loadOntologyFromOntologyDocument(ofn);
        if (name != null) {
            OWLDataFactory df = man.getOWLDataFactory();
            o.add(df.getOWLSubClassOfAxiom(df.getOWLClass(IRI.create(REG + name)),
                df.getOWLClass(IRI.create(REG + "Carbohydrate"))));
        }
        try (FileOutputStream os = new FileOutputStream(out)) {
            man.saveOntology(o, new RDFXMLDocumentFormat(), os);
        }
    }
}
