package oarag.bridge;

/** What an extraction wrote and how long its phases took (seconds, wall clock). */
final class ExtractResult {
    final long records;
    final int unsatisfiable;
    final int links;
    final int fillers;
    final int freshClasses;
    final boolean inconsistent;
    /** The named classes and object properties it covered (the load figures, without asking OWL API again). */
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
    /** The dump's group fingerprints (null when not tracked), and the delta it was written as (null: in full). */
    final DumpGroups groups;
    final DumpGroups.Change delta;

    ExtractResult(long records, int unsatisfiable, int links, int fillers, int freshClasses, boolean inconsistent,
        int classes, int objectProperties, double[] sec, DumpWriter.Written written) {
        this.groups = written.groups;
        this.delta = written.delta;
        this.classes = classes;
        this.objectProperties = objectProperties;
        this.records = records;
        this.unsatisfiable = unsatisfiable;
        this.links = links;
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
}
