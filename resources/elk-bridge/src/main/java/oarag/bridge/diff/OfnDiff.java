package oarag.bridge.diff;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import oarag.bridge.common.BridgeException;
import oarag.bridge.load.Depth;
import oarag.bridge.load.ParseErrors;
import oarag.bridge.model.Format;
import oarag.bridge.model.Session;
import org.semanticweb.owlapi.apibinding.OWLManager;
import org.semanticweb.owlapi.formats.FunctionalSyntaxDocumentFormat;
import org.semanticweb.owlapi.io.OWLParserException;
import org.semanticweb.owlapi.io.StringDocumentSource;
import org.semanticweb.owlapi.io.UnparsableOntologyException;
import org.semanticweb.owlapi.model.IRI;
import org.semanticweb.owlapi.model.OWLAxiom;
import org.semanticweb.owlapi.model.OWLOntology;
import org.semanticweb.owlapi.model.OWLOntologyCreationException;
import org.semanticweb.owlapi.model.OWLOntologyManager;

/**
 * The changed axioms of an edited functional-syntax file, found without parsing it whole: the axiom
 * texts that differ from the warm session's (a multiset difference, {@link OfnIndex}) are parsed as
 * two small documents under the file's own prefixes. Valid because the warm session's texts stand
 * one-to-one for its axioms (extract's {@code WarmState.oneToOne}), so a text that is gone is an
 * axiom that is gone.
 */
public final class OfnDiff {
    private OfnDiff() {}

    /**
     * The change, or Fallback (header changed, too many changes, texts that do not map to the
     * session's axioms); Malformed when the file is not shaped as the scanner follows or an added
     * axiom's error cannot be placed, for the caller to parse the file whole (which also reports
     * any syntax error at its line).
     */
    public static AxiomChange diff(Session s, OfnIndex old, File file)
            throws BridgeException, Fallback, OfnScanner.Malformed {
        OfnIndex.Diff d;
        try {
            d = old.diff(file, Depth.limit());
        } catch (IOException e) {
            throw new BridgeException(
                    "NOT_FOUND",
                    "The file " + file.getPath() + " cannot be read: " + e.getMessage() + ".");
        }
        if (!Arrays.equals(old.header, d.header)) {
            throw new Fallback(Fallback.HEADER_CHANGED, null);
        }
        int[] removedTexts = d.removed();
        if (Fallback.tooMany(removedTexts.length + d.addedCount(), old.count())) {
            throw new Fallback(Fallback.TOO_MANY_CHANGES, null);
        }
        if (removedTexts.length == 0 && d.addedCount() == 0) {
            return new AxiomChange(List.of(), List.of(), null, d);
        }
        OWLOntologyManager man = OWLManager.createOWLOntologyManager();
        Set<OWLAxiom> gone = removedAxioms(man, old, removedTexts);
        Set<OWLAxiom> come = addedAxioms(man, d, file);
        List<OWLAxiom> removed = new ArrayList<>();
        List<OWLAxiom> added = new ArrayList<>();
        for (OWLAxiom ax : gone) {
            if (come.contains(ax)) {
                continue; // only reworded, e.g. operands reordered
            }
            if (!s.root.containsAxiom(ax)) {
                throw new Fallback(Fallback.INCREMENTAL_FAILED, null);
            }
            removed.add(ax);
        }
        for (OWLAxiom ax : come) {
            if (!gone.contains(ax) && !s.root.containsAxiom(ax)) {
                added.add(ax);
            }
        }
        return new AxiomChange(removed, added, null, d);
    }

    private static Set<OWLAxiom> removedAxioms(OWLOntologyManager man, OfnIndex old, int[] removed)
            throws Fallback {
        if (removed.length == 0) {
            return Set.of();
        }
        StringBuilder doc = new StringBuilder();
        doc.append(new String(old.prefixes, StandardCharsets.UTF_8)).append("Ontology(\n");
        for (int k : removed) {
            doc.append(old.text(k)).append('\n');
        }
        doc.append(")\n");
        try {
            OWLOntology o = parse(man, doc.toString());
            if (o.getAxiomCount() != removed.length) {
                throw new Fallback(Fallback.INCREMENTAL_FAILED, null);
            }
            return new HashSet<>(o.getAxioms());
        } catch (OWLOntologyCreationException | OWLParserException e) {
            // these texts parsed as part of the whole file before: the scan and the parser disagree
            throw new Fallback(Fallback.INCREMENTAL_FAILED, null);
        }
    }

    /**
     * Parses the added axioms as a document laid out like the file: each at its own line and column
     * (blank lines between), so a syntax error is reported where it is in the file.
     */
    private static Set<OWLAxiom> addedAxioms(OWLOntologyManager man, OfnIndex.Diff d, File file)
            throws BridgeException, OfnScanner.Malformed {
        if (d.addedCount() == 0) {
            return Set.of();
        }
        ByteArrayOutputStream doc = new ByteArrayOutputStream();
        doc.writeBytes(d.prefixes);
        doc.writeBytes("Ontology(\n".getBytes(StandardCharsets.UTF_8));
        int line = 2;
        for (byte c : d.prefixes) {
            line += c == '\n' ? 1 : 0;
        }
        boolean placed = true;
        int from = 0;
        for (int k = 0; k < d.addedCount(); k++) {
            int at = d.addedLine.get(k);
            if (at > line) {
                for (; line < at; line++) {
                    doc.write('\n');
                }
                for (int c = 1; c < d.addedCol.get(k); c++) {
                    doc.write(' ');
                }
            } else {
                placed &= at == line;
                doc.write(' ');
            }
            int to = d.addedSrcEnd.get(k);
            doc.write(d.addedSrc.a, from, to - from);
            for (int p = from; p < to; p++) {
                line += d.addedSrc.a[p] == '\n' ? 1 : 0;
            }
            from = to;
        }
        doc.writeBytes("\n)\n".getBytes(StandardCharsets.UTF_8));
        try {
            return new HashSet<>(parse(man, doc.toString(StandardCharsets.UTF_8)).getAxioms());
        } catch (UnparsableOntologyException | OWLParserException e) {
            if (!placed) {
                throw new OfnScanner.Malformed("an added axiom does not parse");
            }
            throw new BridgeException(
                    "PARSE_ERROR", ParseErrors.parseMessage(file, Format.FUNCTIONAL, e), e);
        } catch (OWLOntologyCreationException e) {
            throw new OfnScanner.Malformed("an added axiom does not parse");
        }
    }

    private static OWLOntology parse(OWLOntologyManager man, String doc)
            throws OWLOntologyCreationException {
        return man.loadOntologyFromOntologyDocument(
                new StringDocumentSource(
                        doc,
                        IRI.create("urn:oarag:reload:" + System.nanoTime()),
                        new FunctionalSyntaxDocumentFormat(),
                        null),
                man.getOntologyLoaderConfiguration().setStrict(false).setReportStackTraces(false));
    }
}
