package oarag.bridge.extract;

import oarag.bridge.closure.Links;
import oarag.bridge.closure.WalkMemo;
import oarag.bridge.dump.DumpGroups;
import oarag.bridge.dump.DumpWriter;

/** What an extraction wrote and how long its phases took (seconds, wall clock). */
public final class ExtractResult {
    final long records;
    final int unsatisfiable;
    final int links;

    /**
     * How much of the closure was computed rather than taken over from the last one (after a
     * reload).
     */
    final Work work;

    final int fillers;
    final int freshClasses;
    final boolean inconsistent;

    /**
     * The named classes and object properties it covered (the load figures, without asking OWL API
     * again).
     */
    final int classes;

    final int objectProperties;

    /** Signature, role index, attachments and the fresh definitions. */
    final double secPrepare;

    /** ELK: loading the axioms, saturation, taxonomy (and shutting the reasoner down). */
    final double secElk;

    /** Reading ELK's taxonomy into node arrays. */
    final double secTaxonomy;

    /** prepare + elk + taxonomy, measured as one span (the "classify" stage). */
    final double secClassify;

    /** Named hierarchy (topological order, minimal named parents) and the existential closure. */
    final double secClosure;

    final double secWrite;

    /**
     * The dump's group fingerprints (null when not tracked), and the delta it was written as (null:
     * in full).
     */
    final DumpGroups groups;

    final DumpGroups.Change delta;

    /** What the closure walk leaves for the next reload (null: not kept). */
    final WalkMemo memo;

    ExtractResult(
            long records,
            int unsatisfiable,
            Links links,
            int fillers,
            int freshClasses,
            boolean inconsistent,
            int classes,
            int objectProperties,
            double[] sec,
            DumpWriter.Written written,
            WalkMemo memo,
            Work work) {
        this.memo = memo;
        this.work = work;
        this.groups = written.groups;
        this.delta = written.delta;
        this.classes = classes;
        this.objectProperties = objectProperties;
        this.records = records;
        this.unsatisfiable = unsatisfiable;
        this.links = links.count();
        this.fillers = fillers;
        this.freshClasses = freshClasses;
        this.inconsistent = inconsistent;
        this.secPrepare = sec[0];
        this.secElk = sec[1];
        this.secTaxonomy = sec[2];
        this.secClassify = sec[3];
        this.secClosure = sec[4];
        this.secWrite = sec[5];
    }

    /** Taxonomy nodes walked and filler sets of the closure, and how many of each were computed. */
    static final class Work {
        static final Work NONE = new Work(0, 0, 0, 0);

        final int nodes;
        final int nodesWalked;
        final int fillerSets;
        final int fillerSetsComputed;

        Work(int nodes, int nodesWalked, int fillerSets, int fillerSetsComputed) {
            this.nodes = nodes;
            this.nodesWalked = nodesWalked;
            this.fillerSets = fillerSets;
            this.fillerSetsComputed = fillerSetsComputed;
        }
    }
}
