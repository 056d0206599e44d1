package oarag.bridge.extract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.File;
import java.nio.file.Files;
import oarag.bridge.diff.OfnIndex;
import oarag.bridge.prepare.Attachments;
import oarag.bridge.server.Commands;
import oarag.bridge.testing.Fixtures;
import org.junit.jupiter.api.Test;
import org.semanticweb.elk.owlapi.ElkReasoner;

/**
 * The reload command: an edited file reloaded into a warm session writes the dump, and answers the
 * load fields, that a fresh bridge's load + extract of the edited file gives, applying only the
 * changed axioms of a functional-syntax file.
 */
class ReloadTest extends ReloadCase {
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
    void anEditWithoutExistentialsKeepsTheAttachmentsAndOneWithThemCollectsAgain()
            throws Exception {
        File f = copy("regulation.ofn", "reg.ofn");
        Commands c = warm(f);
        Attachments before = c.current().warm(WarmState.class).prepared.att;
        addLines(f, "SubClassOf(:ATP :Carbohydrate)", "DisjointClasses(:Glucose :Pyruvate)");
        assertIncremental(reload(c, f), 2, 0);
        assertSame(
                before,
                c.current().warm(WarmState.class).prepared.att,
                "a new parent and a disjointness attach nothing");
        addLines(
                f,
                "SubClassOf(:PhosphofructokinaseReaction ObjectSomeValuesFrom(:regulates :Glycolysis))");
        assertIncremental(reload(c, f), 1, 0);
        assertFalse(
                before == c.current().warm(WarmState.class).prepared.att,
                "an existential is collected");
    }

    /** Whether sub ⊑ ∃r.sup, asked through explain (which also gives the axioms it rests on). */
    private static boolean explained(Commands c, String sub, String r, String sup)
            throws Exception {
        JsonObject ex =
                call(
                        c,
                        "explain",
                        JsonParser.parseString(
                                        "{\"sub\":\""
                                                + REG
                                                + sub
                                                + "\",\"r\":\""
                                                + REG
                                                + r
                                                + "\",\"sup\":\""
                                                + REG
                                                + sup
                                                + "\"}")
                                .getAsJsonObject());
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
        replace(
                f,
                "SubClassOf(:Glycolysis ObjectSomeValuesFrom(:partOf :CellularRespiration))\n",
                "");
        addLines(f, "SubClassOf(:ATP :Carbohydrate)");
        assertIncremental(reload(c, f), 1, 1);
        assertFalse(
                explained(c, "RegulationOfGlycolysis", "regulates", "CellularRespiration"),
                "the removed axiom's consequence is gone");
        assertTrue(entailed(c, "ATP", "Carbohydrate"), "the added axiom's is there");
        assertSame(
                before,
                c.current().reasoner(null),
                "the reasoner took the edit; it was not created again");
    }

    @Test
    void anAxiomWrittenTwiceMakesReloadsParseTheWholeFile() throws Exception {
        File f = copy("regulation.ofn", "reg.ofn");
        addLines(f, "SubClassOf(:ATP :ChemicalEntity)");
        Commands c = warm(f);
        assertTrue(
                texts(c) == null,
                "two texts for one axiom: a removed text need not be a removed axiom");
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
        addLines(
                f,
                "SubClassOf(:PhosphofructokinaseReaction ObjectSomeValuesFrom(:regulates :Glycolysis))");
        assertIncremental(reload(c, f), 1, 0);
    }

    @Test
    void removingAnAxiomIsIncremental() throws Exception {
        File f = copy("regulation.ofn", "reg.ofn");
        Commands c = warm(f);
        // the chain regulates∘partOf no longer reaches cellular respiration from glycolysis
        replace(
                f,
                "SubClassOf(:Glycolysis ObjectSomeValuesFrom(:partOf :CellularRespiration))\n",
                "");
        assertIncremental(reload(c, f), 0, 1);
    }

    @Test
    void changingALabelIsIncremental() throws Exception {
        File f = copy("regulation.ofn", "reg.ofn");
        Commands c = warm(f);
        replace(
                f,
                "AnnotationAssertion(rdfs:label :hasInput \"has input\"@en)",
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
        addLines(
                f,
                "Declaration(Class(:Lactate))",
                "AnnotationAssertion(rdfs:label :Lactate \"lactate\"@en)",
                "SubClassOf(:Lactate :Carbohydrate)",
                "SubClassOf(:Glycolysis ObjectSomeValuesFrom(:hasOutput :Lactate))");
        JsonObject r = reload(c, f);
        assertIncremental(r, 4, 0);
        assertEquals(
                Fixtures.expected("regulation").get("classes").getAsInt() + 1,
                r.get("classes").getAsInt());
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
        addLines(
                f,
                "SubClassOf(:FructoseBisphosphateSignaling ObjectSomeValuesFrom(:negativelyRegulates "
                        + "ObjectIntersectionOf(:CellularRespiration ObjectSomeValuesFrom(:occursIn :Cytosol))))");
        JsonObject r = reload(c, f);
        assertIncremental(r, 1, 0);
        assertTrue(r.get("fillers").getAsInt() >= 2, r.toString());
        replace(
                f,
                "SubClassOf(:HepaticGlycolysisActivation ObjectSomeValuesFrom(:positivelyRegulates "
                        + "ObjectIntersectionOf(:Glycolysis ObjectSomeValuesFrom(:occursIn :Hepatocyte))))\n",
                "");
        assertIncremental(reload(c, f), 0, 1);
        Files.copy(
                Fixtures.file("regulation.ofn").toPath(),
                f.toPath(),
                java.nio.file.StandardCopyOption.REPLACE_EXISTING);
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
        addLines(
                f,
                "SubClassOf(Annotation(rdfs:comment \"also stated here\") :ATP :ChemicalEntity)");
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
        // rewording that keeps the axioms (white space, a comment, operand order) is no change
        // either
        replace(f, "SubClassOf(:Heart :Organ)", "SubClassOf( :Heart\n   :Organ ) # reworded");
        replace(
                f,
                "EquivalentClasses(:CardiacMuscleTissue ObjectIntersectionOf(:MuscleTissue "
                        + "ObjectSomeValuesFrom(:partOf :Heart)))",
                "EquivalentClasses(ObjectIntersectionOf("
                        + "ObjectSomeValuesFrom(:partOf :Heart) :MuscleTissue) :CardiacMuscleTissue)");
        assertIncremental(reload(c, f), 0, 0);
    }

    /**
     * A random DAG of classes with existentials over a transitive role, a sub-role and a chain (so
     * closures pass through fillers), and defined classes: one-class edits in a row. Every reload
     * equals a fresh load, and the edits that keep the taxonomy's nodes redo only part of the
     * closure walk.
     */
    @Test
    void oneClassEditsInARowRedoOnlyPartOfTheClosureWalk() throws Exception {
        java.util.Random rnd = new java.util.Random(16);
        int n = 150;
        String[] roles = {":p", ":q", ":s"};
        StringBuilder sb =
                new StringBuilder(
                        "Prefix(:=<http://example.org/walk#>)\nOntology(<http://example.org/walk>\n"
                                + "Declaration(ObjectProperty(:p))\nDeclaration(ObjectProperty(:q))\nDeclaration(ObjectProperty(:s))\n"
                                + "TransitiveObjectProperty(:p)\nSubObjectPropertyOf(:s :p)\n"
                                + "SubObjectPropertyOf(ObjectPropertyChain(:q :p) :q)\n");
        for (int i = 0; i < n; i++) {
            sb.append("Declaration(Class(:C").append(i).append("))\n");
            if (i > 0) {
                sb.append("SubClassOf(:C")
                        .append(i)
                        .append(" :C")
                        .append(rnd.nextInt(i))
                        .append(")\n");
            }
            if (rnd.nextInt(10) < 4) {
                sb.append("SubClassOf(:C")
                        .append(i)
                        .append(" ObjectSomeValuesFrom(")
                        .append(roles[rnd.nextInt(3)])
                        .append(" :C")
                        .append(rnd.nextInt(n))
                        .append("))\n");
            }
            if (i % 15 == 7) {
                sb.append("EquivalentClasses(:D")
                        .append(i)
                        .append(" ObjectIntersectionOf(:C")
                        .append(rnd.nextInt(i))
                        .append(" ObjectSomeValuesFrom(:p :C")
                        .append(rnd.nextInt(n))
                        .append(")))\n");
            }
        }
        File f = tmp.resolve("walk.ofn").toFile();
        write(f, sb.append(")\n").toString());
        Commands c = warm(f);
        int partial = 0;
        int partialSets = 0;
        for (int k = 0; k < 12; k++) {
            int a = 1 + rnd.nextInt(n - 1);
            String line =
                    k % 3 == 0
                            ? "SubClassOf(:C" + a + " :C" + rnd.nextInt(a) + ")"
                            : "SubClassOf(:C"
                                    + a
                                    + " ObjectSomeValuesFrom("
                                    + roles[k % 3]
                                    + " :C"
                                    + rnd.nextInt(n)
                                    + "))";
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
        assertTrue(
                partialSets >= 6, partialSets + " of 12 reloads computed part of the filler sets");
    }

    @Test
    void aTargetsNewParentMakesTheLinkToThatParentRedundantThoughTheSourceIsUntouched()
            throws Exception {
        File f = tmp.resolve("cover.ofn").toFile();
        StringBuilder sb =
                new StringBuilder(
                        "Prefix(:=<http://example.org/cover#>)\n"
                                + "Ontology(<http://example.org/cover>\nDeclaration(ObjectProperty(:p))\nDeclaration(Class(:A))\n"
                                + "Declaration(Class(:X))\nDeclaration(Class(:Y))\nSubClassOf(:A ObjectSomeValuesFrom(:p :X))\n"
                                + "SubClassOf(:A ObjectSomeValuesFrom(:p :Y))\n");
        for (int i = 0; i < 30; i++) {
            sb.append("SubClassOf(:E")
                    .append(i)
                    .append(" :A)\n"); // enough axioms for one edit to be a small one
        }
        write(f, sb.append(")\n").toString());
        Commands c = warm(f);
        addLines(f, "SubClassOf(:X :Y)");
        JsonObject r = reload(c, f);
        assertIncremental(r, 1, 0);
        assertEquals(1, r.get("links").getAsInt(), "A ⊑ ∃p.X now covers A ⊑ ∃p.Y: " + r);
        JsonObject work = r.getAsJsonObject("closureWork");
        assertTrue(
                work.get("nodesWalked").getAsInt() < work.get("nodes").getAsInt(), work.toString());
    }
}
