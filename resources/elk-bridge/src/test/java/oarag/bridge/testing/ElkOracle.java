package oarag.bridge.testing;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import oarag.bridge.model.Session;
import org.semanticweb.elk.owl.interfaces.ElkAxiom;
import org.semanticweb.elk.owlapi.ElkReasoner;
import org.semanticweb.elk.owlapi.wrapper.OwlConverter;
import org.semanticweb.elk.reasoner.query.VerifiableQueryResult;
import org.semanticweb.owlapi.model.OWLAxiom;
import org.semanticweb.owlapi.model.OWLClass;
import org.semanticweb.owlapi.model.OWLObjectProperty;
import org.semanticweb.owlapi.model.parameters.Imports;

/**
 * ELK's own verdicts over the unmodified ontology, checked in one batch, for comparing with the
 * closure.
 */
public final class ElkOracle {
    private ElkOracle() {}

    public static boolean[] entailed(Session s, List<OWLAxiom> goals) throws Exception {
        ElkReasoner r = s.reasoner(null);
        boolean[] out = new boolean[goals.size()];
        if (!s.isConsistent()) {
            java.util.Arrays.fill(out, true);
            return out;
        }
        OwlConverter conv = OwlConverter.getInstance();
        List<ElkAxiom> elk = new ArrayList<>();
        for (OWLAxiom ax : goals) {
            elk.add(conv.convert(ax));
        }
        Map<ElkAxiom, VerifiableQueryResult> res = r.getInternalReasoner().checkEntailment(elk);
        for (int i = 0; i < elk.size(); i++) {
            out[i] = res.get(elk.get(i)).entailmentProved();
        }
        return out;
    }

    /**
     * Compares the dump with ELK on every A ⊑ B and A ⊑ ∃r.B over the named signature; returns the
     * disagreements (at most 20, as readable strings) and how many triples were compared.
     */
    public static List<String> disagreements(Session s, Dump d, int[] compared) throws Exception {
        List<String> cls = new ArrayList<>();
        s.root.classesInSignature(Imports.INCLUDED)
                .filter(c -> !c.isOWLThing() && !c.isOWLNothing())
                .forEach((OWLClass c) -> cls.add(c.getIRI().toString()));
        List<String> props = new ArrayList<>();
        props.add(null);
        s.root.objectPropertiesInSignature(Imports.INCLUDED)
                .filter(p -> !p.isOWLTopObjectProperty() && !p.isOWLBottomObjectProperty())
                .forEach((OWLObjectProperty p) -> props.add(p.getIRI().toString()));
        List<String[]> triples = new ArrayList<>();
        List<OWLAxiom> goals = new ArrayList<>();
        for (String a : cls) {
            for (String r : props) {
                for (String b : cls) {
                    triples.add(new String[] {a, r, b});
                    goals.add(Fixtures.goal(s, a, r, b));
                }
            }
        }
        boolean[] elk = entailed(s, goals);
        List<String> bad = new ArrayList<>();
        for (int i = 0; i < triples.size() && bad.size() < 20; i++) {
            String[] t = triples.get(i);
            boolean mine = d.entailed(t[0], t[1], t[2]);
            if (mine != elk[i]) {
                bad.add((elk[i] ? "missing " : "extra ") + t[0] + " " + t[1] + " " + t[2]);
            }
        }
        compared[0] = triples.size();
        return bad;
    }
}
