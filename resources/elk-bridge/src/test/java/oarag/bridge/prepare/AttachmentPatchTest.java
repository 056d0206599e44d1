package oarag.bridge.prepare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import oarag.bridge.model.Session;
import oarag.bridge.testing.Ofn;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.semanticweb.owlapi.model.OWLAxiom;

/**
 * Attachments patched for an edit are the attachments collected afresh from the edited ontology
 * (per context, the same edges as often); an edit that brings a filler, takes the last edge to one
 * away, or needs a complex context is left to a fresh collection.
 */
class AttachmentPatchTest {
    @TempDir Path tmp;

    private static final List<String> BASE =
            List.of(
                    "Declaration(ObjectProperty(:r))",
                    "Declaration(ObjectProperty(:s))",
                    "ObjectPropertyRange(:s :R)",
                    "Declaration(Class(:A))",
                    "Declaration(Class(:B))",
                    "Declaration(Class(:C))",
                    "Declaration(Class(:D))",
                    "Declaration(Class(:E))",
                    "Declaration(Class(:R))",
                    "SubClassOf(:A ObjectSomeValuesFrom(:r :B))",
                    "SubClassOf(:B ObjectSomeValuesFrom(:r ObjectIntersectionOf(:C ObjectSomeValuesFrom(:r :D))))",
                    "SubClassOf(:C ObjectSomeValuesFrom(:s :D))",
                    "EquivalentClasses(:E ObjectIntersectionOf(:D ObjectSomeValuesFrom(:r :B)))",
                    "SubClassOf(:E ObjectSomeValuesFrom(:r :B))");

    private int files;

    /**
     * The patch for base → edited (null: left to a fresh collection), checked against a fresh
     * collection.
     */
    private Attachments patched(List<String> remove, List<String> add) throws Exception {
        return patched(BASE, remove, add);
    }

    private Attachments patched(List<String> base, List<String> remove, List<String> add)
            throws Exception {
        Session before = Ofn.load(tmp, "o" + (++files), base.toArray(new String[0]));
        List<String> edited = new ArrayList<>(base);
        for (String r : remove) {
            assertTrue(edited.remove(r), r);
        }
        edited.addAll(add);
        Session after = Ofn.load(tmp, "o" + (++files), edited.toArray(new String[0]));
        Signature sig = Signature.of(before);
        Roles roles = Roles.index(before, sig);
        Attachments att = AttachmentCollector.collect(before, sig, roles);
        Set<OWLAxiom> was = before.root.logicalAxioms().collect(Collectors.toSet());
        Set<OWLAxiom> now = after.root.logicalAxioms().collect(Collectors.toSet());
        List<OWLAxiom> gone = new ArrayList<>(was);
        gone.removeAll(now);
        List<OWLAxiom> come = new ArrayList<>(now);
        come.removeAll(was);
        Attachments p = AttachmentPatch.apply(after, sig, roles, att, gone, come);
        if (p != null) {
            Attachments fresh =
                    AttachmentCollector.collect(
                            after, Signature.of(after), Roles.index(after, sig));
            assertEquals(fresh.fillers, p.fillers);
            assertEquals(fresh.contexts, p.contexts);
            assertEquals(byContext(fresh), byContext(p));
        }
        return p;
    }

    /** Each context's edges, sorted, duplicates kept. */
    private static Map<Long, String> byContext(Attachments a) {
        Map<Long, String> out = new TreeMap<>();
        for (int i = 0; i < a.contextRefs.length; i++) {
            long[] es = a.contextEdges[i].clone();
            Arrays.sort(es);
            out.put(a.contextRefs[i], Arrays.toString(es));
        }
        return out;
    }

    @Test
    void addedAndRemovedExistentialsToKnownElementsArePatched() throws Exception {
        assertNotNull(patched(List.of(), List.of("SubClassOf(:D ObjectSomeValuesFrom(:r :C))")));
        assertNotNull(patched(List.of("SubClassOf(:A ObjectSomeValuesFrom(:r :B))"), List.of()));
        // the filler D ⊓ R (s has a range) is there already
        assertNotNull(patched(List.of(), List.of("SubClassOf(:A ObjectSomeValuesFrom(:s :D))")));
        // E gets (r, B) twice, from its definition and from its SubClassOf: one goes, one stays
        assertNotNull(patched(List.of("SubClassOf(:E ObjectSomeValuesFrom(:r :B))"), List.of()));
        assertNotNull(
                patched(
                        List.of("SubClassOf(:A ObjectSomeValuesFrom(:r :B))"),
                        List.of(
                                "SubClassOf(:A ObjectSomeValuesFrom(:r :C))",
                                "SubClassOf(:R ObjectSomeValuesFrom(:r :A))")));
    }

    @Test
    void newFillersGoneFillersAndComplexContextsAreCollectedAfresh() throws Exception {
        assertNull(
                patched(
                        List.of(),
                        List.of(
                                "SubClassOf(:A ObjectSomeValuesFrom(:r ObjectIntersectionOf(:B :D)))")));
        assertNull(
                patched(List.of("SubClassOf(:C ObjectSomeValuesFrom(:s :D))"), List.of()),
                "D ⊓ R goes");
        assertNull(
                patched(
                        List.of(),
                        List.of(
                                "SubClassOf(ObjectIntersectionOf(:A :B) ObjectSomeValuesFrom(:r :C))")));
        assertNull(patched(List.of(), List.of("ClassAssertion(ObjectSomeValuesFrom(:r :C) :a)")));
    }

    @Test
    void aNominalNoEdgeReachesIsCollectedAfreshWhenItsAxiomGoes() throws Exception {
        List<String> base = new ArrayList<>(BASE);
        base.add("SubClassOf(:D ObjectOneOf(:a))");
        assertNull(patched(base, List.of("SubClassOf(:D ObjectOneOf(:a))"), List.of()));
    }
}
