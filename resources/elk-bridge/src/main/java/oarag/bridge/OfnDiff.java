package oarag.bridge;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

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
 * The changed axioms of an edited functional-syntax file, found without parsing it whole: the axiom texts that
 * differ from the warm session's (a multiset difference, {@link OfnChunks}) are parsed as two small documents under
 * the file's own prefixes. Valid because the warm session's texts stand one-to-one for its axioms
 * ({@link WarmState#oneToOne}), so a text that is gone is an axiom that is gone.
 */
final class OfnDiff {
    private OfnDiff() {}

    /**
     * The change, or Fallback (header changed, too many changes, texts that do not map to the session's axioms);
     * Malformed when the file is not shaped as the scanner follows or an added axiom's error cannot be placed, for
     * the caller to parse the file whole (which also reports any syntax error at its line).
     */
    static AxiomChange diff(Session s, OfnChunks old, File file) throws BridgeException, Fallback,
        OfnScanner.Malformed {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file.toPath());
        } catch (IOException e) {
            throw new BridgeException("NOT_FOUND", "The file " + file.getPath() + " cannot be read: " + e.getMessage()
                + ".");
        }
        OfnScan now = OfnScanner.scan(bytes, Depth.limit());
        if (!Arrays.equals(old.header, now.chunks.header)) {
            throw new Fallback(Fallback.HEADER_CHANGED, null);
        }
        OfnChunks.Diff d = old.diff(now.chunks);
        if (Fallback.tooMany(d.removed.length + d.added.length, old.count())) {
            throw new Fallback(Fallback.TOO_MANY_CHANGES, null);
        }
        if (d.removed.length == 0 && d.added.length == 0) {
            return new AxiomChange(List.of(), List.of(), null, now.chunks);
        }
        OWLOntologyManager man = OWLManager.createOWLOntologyManager();
        Set<OWLAxiom> gone = removedAxioms(man, old, d.removed);
        Set<OWLAxiom> come = addedAxioms(man, now, d.added, file);
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
        return new AxiomChange(removed, added, null, now.chunks);
    }

    private static Set<OWLAxiom> removedAxioms(OWLOntologyManager man, OfnChunks old, int[] removed)
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
     * Parses the added axioms as a document laid out like the file: each at its own line (blank lines between), so
     * a syntax error is reported at its line in the file.
     */
    private static Set<OWLAxiom> addedAxioms(OWLOntologyManager man, OfnScan now, int[] added, File file)
        throws BridgeException, OfnScanner.Malformed {
        if (added.length == 0) {
            return Set.of();
        }
        ByteArrayOutputStream doc = new ByteArrayOutputStream();
        doc.writeBytes(now.chunks.prefixes);
        doc.writeBytes("Ontology(\n".getBytes(StandardCharsets.UTF_8));
        int line = 1;
        for (byte c : now.chunks.prefixes) {
            line += c == '\n' ? 1 : 0;
        }
        line++;
        boolean placed = true;
        for (int k : added) {
            if (now.line[k] > line) {
                for (; line < now.line[k]; line++) {
                    doc.write('\n');
                }
                indent(doc, now, k);
            } else {
                placed &= now.line[k] == line;
                doc.write(' ');
            }
            doc.write(now.src, now.srcStart[k], now.srcEnd[k] - now.srcStart[k]);
            for (int p = now.srcStart[k]; p < now.srcEnd[k]; p++) {
                line += now.src[p] == '\n' ? 1 : 0;
            }
        }
        doc.writeBytes("\n)\n".getBytes(StandardCharsets.UTF_8));
        try {
            return new HashSet<>(parse(man, doc.toString(StandardCharsets.UTF_8)).getAxioms());
        } catch (UnparsableOntologyException | OWLParserException e) {
            if (!placed) {
                throw new OfnScanner.Malformed("an added axiom does not parse");
            }
            throw new BridgeException("PARSE_ERROR", ParseErrors.parseMessage(file, Sniffer.Format.FUNCTIONAL, e), e);
        } catch (OWLOntologyCreationException e) {
            throw new OfnScanner.Malformed("an added axiom does not parse");
        }
    }

    /** The line's bytes before axiom k as white space, so the parser's column is the file's. */
    private static void indent(ByteArrayOutputStream doc, OfnScan now, int k) {
        int from = now.srcStart[k] - (now.col[k] - 1);
        for (int p = from; p < now.srcStart[k]; p++) {
            byte c = now.src[p];
            if (c == '\t') {
                doc.write('\t');
            } else if ((c & 0xc0) != 0x80) {
                doc.write(' ');
            }
        }
    }

    private static OWLOntology parse(OWLOntologyManager man, String doc) throws OWLOntologyCreationException {
        return man.loadOntologyFromOntologyDocument(new StringDocumentSource(doc,
            IRI.create("urn:oarag:reload:" + System.nanoTime()), new FunctionalSyntaxDocumentFormat(), null),
            man.getOntologyLoaderConfiguration().setStrict(false).setReportStackTraces(false));
    }
}
