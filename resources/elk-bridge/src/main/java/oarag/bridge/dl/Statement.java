package oarag.bridge.dl;

import static oarag.bridge.common.Requests.str;

import com.google.gson.JsonObject;
import java.util.LinkedHashSet;
import java.util.Set;
import oarag.bridge.common.BridgeException;
import org.semanticweb.owlapi.model.IRI;
import org.semanticweb.owlapi.model.OWLAxiom;
import org.semanticweb.owlapi.model.OWLClass;
import org.semanticweb.owlapi.model.OWLClassExpression;
import org.semanticweb.owlapi.model.OWLDataFactory;
import org.semanticweb.owlapi.model.OWLEntity;
import org.semanticweb.owlapi.model.OWLObjectProperty;

/**
 * A statement A ⊑ ∃r.B (or A ⊑ B when r is null) as the DL checks read it: its goal axiom, the
 * conjunction whose unsatisfiability makes it CONTRADICTED, and its signature for the module.
 */
public final class Statement {
    public final OWLClass subject;
    public final OWLObjectProperty relation;
    public final OWLClass filler;
    private final OWLDataFactory df;

    public Statement(OWLDataFactory df, String sub, String r, String sup) {
        this.df = df;
        this.subject = df.getOWLClass(IRI.create(sub));
        this.relation = r == null ? null : df.getOWLObjectProperty(IRI.create(r));
        this.filler = df.getOWLClass(IRI.create(sup));
    }

    public static Statement of(OWLDataFactory df, JsonObject req) throws BridgeException {
        return new Statement(
                df, str(req, "sub", true), str(req, "r", false), str(req, "sup", true));
    }

    /** ∃r.B, or B itself for "is a". */
    public OWLClassExpression condition() {
        return relation == null ? filler : df.getOWLObjectSomeValuesFrom(relation, filler);
    }

    public OWLAxiom goal() {
        return df.getOWLSubClassOfAxiom(subject, condition());
    }

    /** A ⊓ ∃r.B (A ⊓ B): unsatisfiable exactly when the statement is CONTRADICTED. */
    public OWLClassExpression conjunction() {
        return df.getOWLObjectIntersectionOf(subject, condition());
    }

    /** The conjunction under ⊥: the axiom a justification of CONTRADICTED entails. */
    public OWLAxiom contradiction() {
        return df.getOWLSubClassOfAxiom(conjunction(), df.getOWLNothing());
    }

    public Set<OWLEntity> signature() {
        Set<OWLEntity> sig = new LinkedHashSet<>();
        sig.add(subject);
        if (relation != null) {
            sig.add(relation);
        }
        sig.add(filler);
        return sig;
    }
}
