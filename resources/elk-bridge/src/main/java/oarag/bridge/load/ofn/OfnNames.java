package oarag.bridge.load.ofn;

import java.util.Arrays;
import java.util.Map;
import org.semanticweb.owlapi.model.IRI;
import org.semanticweb.owlapi.model.OWLAnnotationProperty;
import org.semanticweb.owlapi.model.OWLClass;
import org.semanticweb.owlapi.model.OWLDataFactory;
import org.semanticweb.owlapi.model.OWLDataProperty;
import org.semanticweb.owlapi.model.OWLDatatype;
import org.semanticweb.owlapi.model.OWLNamedIndividual;
import org.semanticweb.owlapi.model.OWLObjectProperty;

/**
 * IRIs of one reader thread, cached by the bytes they are written with (as OWL API caches them by
 * token text), with the entities built on them. A full IRI is {@code IRI.create} of its text, a
 * prefixed name {@code IRI.create} of its prefix's IRI followed by the rest of the name, split at
 * the first colon: exactly as OWL API's parser does.
 */
final class OfnNames {
    /** One written name and what it has been used as so far. */
    static final class Name {
        final IRI iri;
        OWLClass cls;
        OWLObjectProperty objectProperty;
        OWLDataProperty dataProperty;
        OWLAnnotationProperty annotationProperty;
        OWLNamedIndividual individual;
        OWLDatatype datatype;

        Name(IRI iri) {
            this.iri = iri;
        }
    }

    private final OWLDataFactory df;

    /** Prefix name with its colon ({@code "obo:"}) to the IRI text it stands for. */
    private final Map<String, String> prefixes;

    private byte[][] keys = new byte[1 << 12][];
    private int[] hashes = new int[1 << 12];
    private Name[] names = new Name[1 << 12];
    private int size;

    OfnNames(OWLDataFactory df, Map<String, String> prefixes) {
        this.df = df;
        this.prefixes = prefixes;
    }

    /**
     * The name the lexer's current token (a full IRI or a prefixed name) writes; gives up on
     * anything else.
     */
    Name name(OfnLexer lx) {
        int from = lx.tokenStart;
        int to;
        if (lx.kind == OfnLexer.FULL_IRI) {
            to = lx.stop + 1;
        } else if (lx.kind == OfnLexer.PNAME) {
            to = lx.stop;
        } else {
            throw lx.giveUp("an IRI expected");
        }
        byte[] a = lx.b;
        int h = 0x811c9dc5;
        for (int i = from; i < to; i++) {
            h = (h ^ a[i]) * 0x01000193;
        }
        h ^= h >>> 15;
        int mask = keys.length - 1;
        int slot = h & mask;
        for (; ; ) {
            byte[] key = keys[slot];
            if (key == null) {
                break;
            }
            if (hashes[slot] == h && Arrays.equals(key, 0, key.length, a, from, to)) {
                return names[slot];
            }
            slot = (slot + 1) & mask;
        }
        Name n = new Name(resolve(lx));
        keys[slot] = Arrays.copyOfRange(a, from, to);
        hashes[slot] = h;
        names[slot] = n;
        if (++size * 2 > keys.length) {
            grow();
        }
        return n;
    }

    private IRI resolve(OfnLexer lx) {
        if (lx.kind == OfnLexer.FULL_IRI) {
            return IRI.create(lx.text());
        }
        String prefix = prefixes.get(lx.text(lx.start, lx.colon + 1));
        if (prefix == null) {
            throw lx.giveUp("an undeclared prefix");
        }
        return IRI.create(prefix + lx.text(lx.colon + 1, lx.stop));
    }

    private void grow() {
        byte[][] oldKeys = keys;
        int[] oldHashes = hashes;
        Name[] oldNames = names;
        int cap = oldKeys.length * 2;
        keys = new byte[cap][];
        hashes = new int[cap];
        names = new Name[cap];
        int mask = cap - 1;
        for (int k = 0; k < oldKeys.length; k++) {
            if (oldKeys[k] == null) {
                continue;
            }
            int slot = oldHashes[k] & mask;
            while (keys[slot] != null) {
                slot = (slot + 1) & mask;
            }
            keys[slot] = oldKeys[k];
            hashes[slot] = oldHashes[k];
            names[slot] = oldNames[k];
        }
    }

    IRI iri(OfnLexer lx) {
        return name(lx).iri;
    }

    OWLClass cls(OfnLexer lx) {
        Name n = name(lx);
        OWLClass e = n.cls;
        return e != null ? e : (n.cls = df.getOWLClass(n.iri));
    }

    OWLObjectProperty objectProperty(OfnLexer lx) {
        Name n = name(lx);
        OWLObjectProperty e = n.objectProperty;
        return e != null ? e : (n.objectProperty = df.getOWLObjectProperty(n.iri));
    }

    OWLDataProperty dataProperty(OfnLexer lx) {
        Name n = name(lx);
        OWLDataProperty e = n.dataProperty;
        return e != null ? e : (n.dataProperty = df.getOWLDataProperty(n.iri));
    }

    OWLAnnotationProperty annotationProperty(OfnLexer lx) {
        Name n = name(lx);
        OWLAnnotationProperty e = n.annotationProperty;
        return e != null ? e : (n.annotationProperty = df.getOWLAnnotationProperty(n.iri));
    }

    OWLNamedIndividual individual(OfnLexer lx) {
        Name n = name(lx);
        OWLNamedIndividual e = n.individual;
        return e != null ? e : (n.individual = df.getOWLNamedIndividual(n.iri));
    }

    OWLDatatype datatype(OfnLexer lx) {
        Name n = name(lx);
        OWLDatatype e = n.datatype;
        return e != null ? e : (n.datatype = df.getOWLDatatype(n.iri));
    }
}
