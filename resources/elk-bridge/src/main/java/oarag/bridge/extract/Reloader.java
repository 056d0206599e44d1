package oarag.bridge.extract;

import com.google.gson.JsonObject;
import java.io.File;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import oarag.bridge.classify.ElkClassifier;
import oarag.bridge.classify.ElkNames;
import oarag.bridge.classify.FreshNames;
import oarag.bridge.classify.TaxonomyGraph;
import oarag.bridge.common.BridgeException;
import oarag.bridge.common.Json;
import oarag.bridge.common.Progress;
import oarag.bridge.diff.AxiomChange;
import oarag.bridge.diff.Fallback;
import oarag.bridge.diff.FullDiff;
import oarag.bridge.diff.OfnDiff;
import oarag.bridge.diff.OfnIndex;
import oarag.bridge.diff.OfnScanner;
import oarag.bridge.dump.DumpWriter;
import oarag.bridge.dump.HeadScope;
import oarag.bridge.load.Loader;
import oarag.bridge.load.NonElCounter;
import oarag.bridge.load.Sniffer;
import oarag.bridge.model.Session;
import oarag.bridge.model.Warning;
import org.semanticweb.elk.owl.interfaces.ElkClass;
import org.semanticweb.elk.reasoner.taxonomy.model.Taxonomy;
import org.semanticweb.owlapi.model.OWLAxiom;

/**
 * The reload command: brings the session up to date with its edited file by applying only the
 * axioms that changed, to the ontology and to the warm ELK reasoner, then runs extract's closure
 * and dump phases; a result equal to load + extract of the edited file. Falls back to exactly load
 * + extract, saying why, whenever that is not safe or not worth it. A reload that fails before it
 * changed anything leaves the session and its warm state as they were.
 */
public final class Reloader {
    /**
     * Where the command dispatcher keeps the session; a fallback replaces it (and a failed one
     * leaves none).
     */
    public interface Slot {
        Session get();

        void set(Session s, double parseSeconds);
    }

    private final Slot slot;
    private final File file;
    private final oarag.bridge.load.Resolution catalog;
    private final File out;
    private final Progress progress;

    /**
     * The client holds the cache built from the session's last dump, so a delta of that dump will
     * do.
     */
    private final boolean delta;

    /**
     * Seconds a full diff spent loading the edited file (the parse of a fallback that reuses it).
     */
    private double parsedSeconds;

    private Reloader(
            Slot slot,
            File file,
            oarag.bridge.load.Resolution catalog,
            File out,
            Progress progress,
            boolean delta) {
        this.slot = slot;
        this.delta = delta;
        this.file = file;
        this.catalog = catalog;
        this.out = out;
        this.progress = progress;
    }

    public static JsonObject run(
            Slot slot,
            File file,
            oarag.bridge.load.Resolution catalog,
            File out,
            Progress progress,
            boolean delta)
            throws BridgeException, IOException {
        return new Reloader(slot, file, catalog, out, progress, delta).run();
    }

    private JsonObject run() throws BridgeException, IOException {
        Session s = slot.get();
        try {
            String why = precheck(s);
            if (why != null) {
                throw new Fallback(why, null);
            }
            return incremental(s);
        } catch (Fallback f) {
            return full(f.reason, f.parsed);
        }
    }

    private String precheck(Session s) throws BridgeException {
        if (s == null || s.warm(WarmState.class) == null || !samePath(s.file, file)) {
            return Fallback.NO_WARM_SESSION;
        }
        if (s.closure.size() > 1 || !s.imports.isEmpty()) {
            return Fallback.IMPORTS;
        }
        Loader.checkReadable(file);
        try {
            if (Sniffer.detect(file) != s.format) {
                return Fallback.FORMAT_CHANGED;
            }
        } catch (IOException e) {
            throw new BridgeException(
                    "NOT_FOUND",
                    "The file " + file.getPath() + " cannot be read: " + e.getMessage() + ".");
        }
        return null;
    }

    private static boolean samePath(File a, File b) {
        return a.getAbsoluteFile()
                .toPath()
                .normalize()
                .equals(b.getAbsoluteFile().toPath().normalize());
    }

    private AxiomChange findChange(Session s, WarmState w) throws BridgeException, Fallback {
        OfnIndex texts = w.index();
        if (texts != null) {
            try {
                return OfnDiff.diff(s, texts, file);
            } catch (OfnScanner.Malformed e) {
                // read the file whole below: it may still be valid, and a syntax error is then
                // reported at its line
            }
        }
        long t0 = System.nanoTime();
        try {
            return FullDiff.diff(s, file, catalog, progress);
        } finally {
            parsedSeconds = (System.nanoTime() - t0) / 1e9;
        }
    }

    private JsonObject incremental(Session s) throws BridgeException, IOException, Fallback {
        long t0 = System.nanoTime();
        progress.report("parse", 0.0);
        AxiomChange ch;
        try {
            ch = findChange(s, s.warm(WarmState.class));
        } catch (RuntimeException e) {
            throw failed(e);
        }
        progress.report("parse", 1.0);
        long tDiff = System.nanoTime();
        // from here on the session changes; the warm state is this reload's until it is kept again
        // or shut down
        WarmState warm = s.takeWarm(WarmState.class);
        Session target;
        try {
            target = apply(s, ch, warm);
        } catch (RuntimeException e) {
            warm.dispose();
            throw failed(e);
        }
        long tApplied = System.nanoTime();
        ExtractResult r;
        try {
            r = classify(target, warm, ch, new Extractor.Clock(tApplied));
        } catch (RuntimeException e) {
            throw failed(e);
        }
        return ResultJson.reload(
                target,
                r,
                null,
                ch.added.size(),
                ch.removed.size(),
                new double[] {(tDiff - t0) / 1e9, (tApplied - tDiff) / 1e9});
    }

    /**
     * A bug, or an ELK failure half way (the session may no longer be what the warm state knew):
     * load afresh.
     */
    private static Fallback failed(RuntimeException e) {
        System.err.println("[elk-bridge] incremental reload failed, loading afresh:");
        e.printStackTrace(System.err);
        return new Fallback(Fallback.INCREMENTAL_FAILED, null);
    }

    /**
     * The session that now holds the edited content: the edited file's own when it was parsed
     * whole, else the session's ontology (and the warm state's axiom texts) with the change
     * applied.
     */
    private Session apply(Session s, AxiomChange ch, WarmState warm) {
        if (ch.parsed != null) {
            s.dispose();
            slot.set(ch.parsed, parsedSeconds);
            return ch.parsed;
        }
        if (ch.texts != null) {
            warm.index().apply(ch.texts);
        }
        s.stamp =
                null; // it was the load's file, not the one the session now holds: nothing to index
        // it by
        if (ch.size() == 0) {
            return s;
        }
        s.contentChanged();
        s.root.remove(ch.removed);
        s.root.add(ch.added);
        recountNonEl(s, ch);
        return s;
    }

    /**
     * The load's non-el warning, its counts adjusted by the change (as a load of the edited file
     * counts them).
     */
    private static void recountNonEl(Session s, AxiomChange ch) {
        Map<String, Integer> counts = new HashMap<>();
        for (Warning w : s.warnings) {
            if (w.code.equals("non-el")) {
                counts.putAll(w.counts);
            }
        }
        for (OWLAxiom ax : ch.removed) {
            NonElCounter.count(ax, -1, counts, s.outsideEl);
        }
        for (OWLAxiom ax : ch.added) {
            NonElCounter.count(ax, 1, counts, s.outsideEl);
        }
        s.warnings.removeIf(w -> w.code.equals("non-el"));
        Warning nonEl = Loader.nonElWarning(NonElCounter.sorted(counts));
        if (nonEl != null) {
            s.warnings.add(nonEl);
        }
    }

    /**
     * Prepares as extract does, tells the warm reasoner what changed (also among the fresh
     * definitions), and runs the closure and the dump (its ontology-only records written meanwhile
     * on the other core). Owns the warm reasoner: it is kept in a new warm state, or shut down.
     */
    private ExtractResult classify(Session s, WarmState warm, AxiomChange ch, Extractor.Clock clock)
            throws BridgeException, IOException, Fallback {
        DumpWriter dump = null;
        WarmState kept = null;
        try {
            TaxonomyGraph g;
            Extractor.Prepared p;
            try (ElkClassifier.Run elk = ElkClassifier.resume(warm.elk)) {
                p = Extractor.prepareAfter(s, warm.prepared, ch.removed, ch.added);
                dump = new DumpWriter(s, p.sig, p.roles, p.att, out, progress);
                if (WarmState.affordable(p.sig.classes.length)) {
                    dump.track(delta ? warm.groups : null);
                    // a session parsed afresh may differ in more than its axioms (prefixes): write
                    // its whole head
                    dump.scope(ch.parsed == null ? HeadScope.of(ch.removed, ch.added) : null);
                }
                dump.startHead();
                progress.report("classify", 0.0);
                FreshNames.Ids ids = warm.names.assign(p.att);
                List<OWLAxiom> fresh = ElkClassifier.freshAxioms(s, p.att, ids);
                List<OWLAxiom> gone = elkChanges(ch.removed, warm.fresh, fresh);
                List<OWLAxiom> come = elkChanges(ch.added, fresh, warm.fresh);
                clock.prepared = System.nanoTime();
                elk.update(gone, come, progress);
                Taxonomy<ElkClass> tax = elk.taxonomy();
                clock.classified = System.nanoTime();
                if (tax == null) {
                    throw new Fallback(
                            Fallback.INCONSISTENT, null); // leave inconsistency to a fresh ELK
                }
                ElkNames elkNames =
                        warm.elkNames != null && warm.elkNames.sig == p.sig
                                ? warm.elkNames
                                : new ElkNames(p.sig);
                g = Extractor.read(tax, p, ids, elkNames);
                clock.read = System.nanoTime();
                OfnIndex texts = WarmState.oneToOne(ch.parsed != null ? null : warm.index(), s);
                if (WarmState.affordable(p.sig.classes.length)) {
                    kept = new WarmState(elk.keep(), warm.names, fresh, texts, p);
                    kept.elkNames = elkNames;
                    s.keepWarm(kept);
                }
            }
            clock.elkDone = System.nanoTime();
            ExtractResult r =
                    Extractor.finish(p, g, progress, dump, clock, warm.closure, kept != null);
            dump = null;
            if (kept != null) {
                kept.groups = r.groups;
                kept.closure = r.memo;
                kept.indexLater(s); // the edited file was loaded whole: index its texts now
            }
            return r;
        } finally {
            if (dump != null) {
                dump.close();
            }
        }
    }

    /**
     * What ELK is to delete (or insert): the changed ontology axioms it was fed, and the fresh
     * definitions in {@code from} that {@code to} does not have.
     */
    private static List<OWLAxiom> elkChanges(
            List<OWLAxiom> changed, List<OWLAxiom> from, List<OWLAxiom> to) {
        List<OWLAxiom> out = new ArrayList<>();
        for (OWLAxiom ax : changed) {
            if (ElkClassifier.fedToElk(ax)) {
                out.add(ax);
            }
        }
        Set<OWLAxiom> kept = new HashSet<>(to);
        for (OWLAxiom ax : from) {
            if (!kept.contains(ax)) {
                out.add(ax);
            }
        }
        return out;
    }

    /** Exactly load + extract of the edited file (reusing it when the diff already loaded it). */
    private JsonObject full(String reason, Session parsed) throws BridgeException, IOException {
        Session old = slot.get();
        if (old != null && old != parsed) {
            old.dispose();
        }
        old = null;
        double parseSeconds = parsedSeconds;
        Session s = parsed;
        if (s == null) {
            slot.set(null, 0);
            System.gc();
            long t0 = System.nanoTime();
            s = Loader.load(file, catalog, progress);
            parseSeconds = (System.nanoTime() - t0) / 1e9;
        }
        slot.set(s, parseSeconds);
        ExtractResult r = Extractor.run(s, progress, out);
        JsonObject o = ResultJson.reload(s, r, reason, -1, -1, null);
        o.getAsJsonObject("seconds").addProperty("parse", Json.round(parseSeconds));
        return o;
    }
}
