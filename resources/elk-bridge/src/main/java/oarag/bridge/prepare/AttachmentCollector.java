package oarag.bridge.prepare;

import static oarag.bridge.prepare.Attachments.K_CLASS;
import static oarag.bridge.prepare.Attachments.K_CTX;
import static oarag.bridge.prepare.Attachments.K_FILLER;
import static oarag.bridge.prepare.Attachments.K_THING;
import static oarag.bridge.prepare.Attachments.SELF;
import static oarag.bridge.prepare.Attachments.ref;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import oarag.bridge.common.LongList;
import oarag.bridge.model.ElSyntax;
import oarag.bridge.model.Session;
import org.semanticweb.owlapi.model.OWLAxiom;
import org.semanticweb.owlapi.model.OWLClassAssertionAxiom;
import org.semanticweb.owlapi.model.OWLClassExpression;
import org.semanticweb.owlapi.model.OWLDataFactory;
import org.semanticweb.owlapi.model.OWLEquivalentClassesAxiom;
import org.semanticweb.owlapi.model.OWLIndividual;
import org.semanticweb.owlapi.model.OWLLogicalAxiom;
import org.semanticweb.owlapi.model.OWLObjectHasSelf;
import org.semanticweb.owlapi.model.OWLObjectHasValue;
import org.semanticweb.owlapi.model.OWLObjectIntersectionOf;
import org.semanticweb.owlapi.model.OWLObjectOneOf;
import org.semanticweb.owlapi.model.OWLObjectPropertyAssertionAxiom;
import org.semanticweb.owlapi.model.OWLObjectPropertyDomainAxiom;
import org.semanticweb.owlapi.model.OWLObjectSomeValuesFrom;
import org.semanticweb.owlapi.model.OWLOntology;
import org.semanticweb.owlapi.model.OWLSubClassOfAxiom;

/**
 * Every existential {@code ∃s.F} occurring positively in the ontology (right of SubClassOf, either
 * side of EquivalentClasses, in a class assertion, nested in intersections and fillers; hasValue
 * and property assertions as nominals, hasSelf as a self-loop) is attached to its context C (the
 * named class, owl:Thing, or a fresh {@code C ⊑ L_C} for a complex left-hand side) and names the
 * successor element {@code F ⊓ ranges(s)} (a fresh {@code N ≡ F ⊓ ranges(s)} unless that is a named
 * class). One collector per extraction; its result is immutable.
 */
public final class AttachmentCollector {
    private final Signature sig;
    private final Roles roles;
    private final OWLDataFactory df;
    private final List<OWLClassExpression> fillerExpr = new ArrayList<>();
    private final Map<OWLClassExpression, Integer> fillerIdx;

    /** Collects only what some axioms add to existing attachments (see {@link #contributions}). */
    private final boolean strict;

    private boolean refused;
    private final List<OWLClassExpression> ctxExpr = new ArrayList<>();
    private final HashMap<OWLClassExpression, Integer> ctxIdx = new HashMap<>();
    private final HashMap<Long, LongList> attach = new HashMap<>();
    private final Map<Integer, Set<OWLClassExpression>> rangeMemo = new HashMap<>();

    private AttachmentCollector(
            Session s, Signature sig, Roles roles, Map<OWLClassExpression, Integer> fillers) {
        this.sig = sig;
        this.roles = roles;
        this.df = s.df;
        this.strict = fillers != null;
        this.fillerIdx = strict ? fillers : new HashMap<>();
    }

    /**
     * What these axioms attach, by context reference, with fillers numbered as in {@code before};
     * null when one of them needs a filler {@code before} lacks, or a context other than a named
     * class or owl:Thing (whose coming and going the attachments alone cannot tell).
     */
    static Map<Long, LongList> contributions(
            Session s, Signature sig, Roles roles, Attachments before, List<OWLAxiom> axioms) {
        AttachmentCollector c = new AttachmentCollector(s, sig, roles, before.fillerIndex);
        for (OWLAxiom ax : axioms) {
            if (ax.isLogicalAxiom() && !ElSyntax.elkIgnores(ax)) {
                c.attachAxiom((OWLLogicalAxiom) ax);
            }
        }
        return c.refused ? null : c.attach;
    }

    public static Attachments collect(Session s, Signature sig, Roles roles) {
        AttachmentCollector c = new AttachmentCollector(s, sig, roles, null);
        for (OWLOntology o : s.closure) {
            o.logicalAxioms()
                    .forEach(
                            ax -> {
                                if (!ElSyntax.elkIgnores(ax)) {
                                    c.attachAxiom(ax);
                                }
                            });
        }
        return c.canonical();
    }

    /**
     * The attachments with fillers and contexts renumbered in an order of their own (hash code,
     * then OWL API's order), not the order the ontology's axioms happened to be visited in: a
     * reload that edited the ontology in place visits them differently from a fresh load of the
     * same file, and both must write the same dump.
     */
    private Attachments canonical() {
        int[] fp = permutation(fillerExpr);
        int[] cp = permutation(ctxExpr);
        List<OWLClassExpression> fillers = permute(fillerExpr, fp);
        List<OWLClassExpression> contexts = permute(ctxExpr, cp);
        HashMap<OWLClassExpression, Integer> fIdx = new HashMap<>(fillerIdx.size() * 2);
        for (int k = 0; k < fillers.size(); k++) {
            fIdx.put(fillers.get(k), k);
        }
        long[] refs = new long[attach.size()];
        long[][] edges = new long[refs.length][];
        int i = 0;
        for (Map.Entry<Long, LongList> e : attach.entrySet()) {
            long r = e.getKey();
            int kind = Attachments.refKind(r);
            int idx = Attachments.refIndex(r);
            refs[i] =
                    kind == K_FILLER ? ref(kind, fp[idx]) : kind == K_CTX ? ref(kind, cp[idx]) : r;
            long[] es = e.getValue().toArray();
            for (int k = 0; k < es.length; k++) {
                int elem = (int) es[k];
                if (elem < 0) {
                    es[k] = (es[k] & 0xffffffff00000000L) | (-(fp[-elem - 1] + 1) & 0xffffffffL);
                }
            }
            edges[i] = es;
            i++;
        }
        return new Attachments(fillers, fIdx, contexts, refs, edges);
    }

    /**
     * perm[old index] = new index, sorting by hash code and then by OWL API's own (total) order.
     */
    private static int[] permutation(List<OWLClassExpression> xs) {
        Integer[] order = new Integer[xs.size()];
        int[] hash = new int[xs.size()];
        for (int k = 0; k < order.length; k++) {
            order[k] = k;
            hash[k] = xs.get(k).hashCode();
        }
        Arrays.sort(
                order,
                (a, b) ->
                        hash[a] != hash[b]
                                ? Integer.compare(hash[a], hash[b])
                                : xs.get(a).compareTo(xs.get(b)));
        int[] perm = new int[order.length];
        for (int k = 0; k < order.length; k++) {
            perm[order[k]] = k;
        }
        return perm;
    }

    private static List<OWLClassExpression> permute(List<OWLClassExpression> xs, int[] perm) {
        OWLClassExpression[] out = new OWLClassExpression[xs.size()];
        for (int k = 0; k < out.length; k++) {
            out[perm[k]] = xs.get(k);
        }
        return Arrays.asList(out);
    }

    private Set<OWLClassExpression> rangeSet(int role) {
        return rangeMemo.computeIfAbsent(
                role,
                r -> {
                    Set<OWLClassExpression> out = new LinkedHashSet<>();
                    for (int q : roles.superRoles(r)) {
                        for (OWLClassExpression c : roles.ranges.get(q)) {
                            if (ElSyntax.isEL(c) && !c.isOWLThing()) {
                                out.add(c);
                            }
                        }
                    }
                    return out;
                });
    }

    private OWLClassExpression conj(OWLClassExpression f, Set<OWLClassExpression> extra) {
        if (extra.isEmpty()) {
            return f;
        }
        Set<OWLClassExpression> ops = new TreeSet<>();
        ElSyntax.addConjuncts(f, ops);
        for (OWLClassExpression c : extra) {
            ElSyntax.addConjuncts(c, ops);
        }
        if (ops.isEmpty()) {
            return df.getOWLThing();
        }
        if (ops.size() == 1) {
            return ops.iterator().next();
        }
        return df.getOWLObjectIntersectionOf(ops);
    }

    /**
     * The context (class, Thing, or fresh L ⊒ C) whose subclasses inherit the existentials attached
     * to it.
     */
    private long context(OWLClassExpression c) {
        if (!c.isAnonymous()) {
            if (c.isOWLThing()) {
                return ref(K_THING, 0);
            }
            if (c.isOWLNothing()) {
                return -1;
            }
            Integer i = sig.classIndex(c.asOWLClass().getIRI().toString());
            return i == null ? -1 : ref(K_CLASS, i);
        }
        if (strict) {
            refused = true;
            return -1;
        }
        Integer l = ctxIdx.get(c);
        if (l == null) {
            l = ctxExpr.size();
            ctxExpr.add(c);
            ctxIdx.put(c, l);
        }
        return ref(K_CTX, l);
    }

    /**
     * The element an r-edge to F leads to: F itself when named and r has no ranges, else a fresh N
     * ≡ F ⊓ ranges.
     */
    private int element(int role, OWLClassExpression f) {
        OWLClassExpression e = role >= 0 ? conj(f, rangeSet(role)) : f;
        if (!e.isAnonymous() && !e.isOWLThing()) {
            Integer c = sig.classIndex(e.asOWLClass().getIRI().toString());
            return c == null ? Integer.MIN_VALUE : c;
        }
        Integer n = fillerIdx.get(e);
        if (n == null && strict) {
            refused = true;
            return Integer.MIN_VALUE;
        }
        if (n == null) {
            n = fillerExpr.size();
            fillerExpr.add(e);
            fillerIdx.put(e, n);
            // the element's own existentials (nested in F, or in the ranges)
            attach(ref(K_FILLER, n), e);
        }
        return -(n + 1);
    }

    private void addAttachment(long ctx, int role, int elem) {
        attach.computeIfAbsent(ctx, k -> new LongList(2))
                .add(((long) role << 32) | (elem & 0xffffffffL));
    }

    /**
     * Attaches the top-level existential conjuncts of a (positively occurring) class expression to
     * a context.
     */
    private void attach(long ctx, OWLClassExpression c) {
        if (ctx == -1) {
            return;
        }
        switch (c.getClassExpressionType()) {
            case OBJECT_INTERSECTION_OF:
                for (OWLClassExpression x : ((OWLObjectIntersectionOf) c).getOperandsAsList()) {
                    attach(ctx, x);
                }
                break;
            case OBJECT_SOME_VALUES_FROM:
                {
                    OWLObjectSomeValuesFrom sv = (OWLObjectSomeValuesFrom) c;
                    int r = sig.prop(sv.getProperty());
                    if (r >= 0 && ElSyntax.isEL(sv.getFiller()) && !sv.getFiller().isOWLNothing()) {
                        int e = element(r, sv.getFiller());
                        if (e != Integer.MIN_VALUE) {
                            addAttachment(ctx, r, e);
                        }
                    }
                    break;
                }
            case OBJECT_HAS_VALUE:
                {
                    OWLObjectHasValue hv = (OWLObjectHasValue) c;
                    int r = sig.prop(hv.getProperty());
                    if (r >= 0 && hv.getFiller().isNamed()) {
                        addAttachment(ctx, r, element(r, df.getOWLObjectOneOf(hv.getFiller())));
                    }
                    break;
                }
            case OBJECT_HAS_SELF:
                {
                    int r = sig.prop(((OWLObjectHasSelf) c).getProperty());
                    if (r >= 0) {
                        addAttachment(ctx, r, SELF);
                    }
                    break;
                }
            case OBJECT_ONE_OF:
                {
                    refused |= strict; // a filler no edge points to: its going would not show
                    // C ⊑ {a}: everything {a} has, C has
                    List<OWLIndividual> is = ((OWLObjectOneOf) c).getOperandsAsList();
                    if (is.size() == 1 && is.get(0).isNamed()) {
                        element(-1, c);
                    }
                    break;
                }
            default:
                break;
        }
    }

    private long nominal(OWLIndividual a) {
        refused |= strict;
        int e = element(-1, df.getOWLObjectOneOf(a));
        return ref(K_FILLER, -e - 1);
    }

    private void attachAxiom(OWLLogicalAxiom ax) {
        switch (ax.getAxiomType().getName()) {
            case "SubClassOf":
                {
                    OWLSubClassOfAxiom sc = (OWLSubClassOfAxiom) ax;
                    if (ElSyntax.hasExistential(sc.getSuperClass())) {
                        attach(context(sc.getSubClass()), sc.getSuperClass());
                    }
                    break;
                }
            case "EquivalentClasses":
                {
                    List<OWLClassExpression> ops =
                            ((OWLEquivalentClassesAxiom) ax).getOperandsAsList();
                    boolean any = false;
                    for (OWLClassExpression c : ops) {
                        any |= ElSyntax.hasExistential(c);
                    }
                    if (!any) {
                        break;
                    }
                    OWLClassExpression anchor = null;
                    for (OWLClassExpression c : ops) {
                        if (!c.isAnonymous()) {
                            anchor = c;
                            break;
                        }
                    }
                    if (anchor == null) {
                        anchor = ops.get(0);
                    }
                    long ctx = context(anchor);
                    for (OWLClassExpression c : ops) {
                        attach(ctx, c);
                    }
                    break;
                }
            case "ObjectPropertyDomain":
                {
                    OWLObjectPropertyDomainAxiom d = (OWLObjectPropertyDomainAxiom) ax;
                    if (ElSyntax.hasExistential(d.getDomain())) {
                        attach(
                                context(
                                        df.getOWLObjectSomeValuesFrom(
                                                d.getProperty(), df.getOWLThing())),
                                d.getDomain());
                    }
                    break;
                }
            case "ClassAssertion":
                {
                    OWLClassAssertionAxiom ca = (OWLClassAssertionAxiom) ax;
                    if (ca.getIndividual().isNamed()) {
                        long ctx = nominal(ca.getIndividual());
                        if (ElSyntax.hasExistential(ca.getClassExpression())) {
                            attach(ctx, ca.getClassExpression());
                        }
                    }
                    break;
                }
            case "ObjectPropertyAssertion":
                {
                    OWLObjectPropertyAssertionAxiom pa = (OWLObjectPropertyAssertionAxiom) ax;
                    int r = sig.prop(pa.getProperty());
                    if (r >= 0 && pa.getSubject().isNamed() && pa.getObject().isNamed()) {
                        addAttachment(
                                nominal(pa.getSubject()),
                                r,
                                element(r, df.getOWLObjectOneOf(pa.getObject())));
                    }
                    break;
                }
            default:
                break;
        }
    }
}
