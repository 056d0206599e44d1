package oarag.bridge.closure;

import static oarag.bridge.testing.Ofn.iri;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import oarag.bridge.model.Session;
import oarag.bridge.testing.Dump;
import oarag.bridge.testing.Fixtures;
import oarag.bridge.testing.Ofn;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.semanticweb.elk.owlapi.ElkReasoner;
import org.semanticweb.owlapi.model.IRI;
import org.semanticweb.owlapi.model.OWLClass;
import org.semanticweb.owlapi.reasoner.Node;

/**
 * The dump's direct named parents are ELK's own direct superclasses, also where fresh filler
 * classes sit between.
 */
class HierarchyTest {
    @TempDir Path tmp;

    /**
     * Every hier record's parents, compared with ELK's direct superclasses over the unmodified
     * ontology.
     */
    static List<String> mismatches(Session s, Dump d) {
        ElkReasoner r = s.reasoner(null);
        List<String> bad = new ArrayList<>();
        for (String c : d.hier.keySet()) {
            Set<String> elk = new TreeSet<>();
            for (Node<OWLClass> n : r.getSuperClasses(s.df.getOWLClass(IRI.create(c)), true)) {
                for (OWLClass x : n) {
                    if (!x.isOWLThing()) {
                        elk.add(x.getIRI().toString());
                    }
                }
            }
            Set<String> mine = new TreeSet<>(d.hierParents(c));
            if (!elk.equals(mine)) {
                bad.add(c + ": dump " + mine + ", ELK " + elk);
            }
        }
        return bad;
    }

    @Test
    void parentsReachedThroughAFreshFillerAreMinimised() throws Exception {
        // the filler N ≡ B ⊓ ∃s.D sits between X and B; X's candidates {B via N, B2} keep only B2
        Session s =
                Ofn.load(
                        tmp,
                        "minimise",
                        "Declaration(ObjectProperty(:r))",
                        "Declaration(ObjectProperty(:s))",
                        "SubClassOf(:Y ObjectSomeValuesFrom(:r ObjectIntersectionOf(:B ObjectSomeValuesFrom(:s :D))))",
                        "SubClassOf(:B2 :B)",
                        "SubClassOf(:X :B2)",
                        "SubClassOf(:X ObjectSomeValuesFrom(:s :D))",
                        "SubClassOf(:Z ObjectIntersectionOf(:B ObjectSomeValuesFrom(:s :D)))");
        Dump d = Fixtures.extract(s, tmp);
        assertEquals(1, d.fillers.size());
        assertEquals(List.of(iri("B2")), d.hierParents(iri("X")));
        assertEquals(List.of(iri("B")), d.hierParents(iri("Z")));
        assertEquals(List.of(), mismatches(s, d));
    }

    @Test
    void fixtureHierarchiesAreElksDirectSuperclasses() throws Exception {
        for (String[] f : Fixtures.withClosure()) {
            Session s = Fixtures.load(f[1]);
            Dump d = Fixtures.extract(s, tmp.resolve(f[0]));
            assertEquals(List.of(), mismatches(s, d), f[1]);
        }
    }
}
