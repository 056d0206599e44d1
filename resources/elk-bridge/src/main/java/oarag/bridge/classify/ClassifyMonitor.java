package oarag.bridge.classify;

import oarag.bridge.common.Progress;

/** Forwards ELK's task progress (either monitor interface) as one monotone "classify" fraction. */
public final class ClassifyMonitor
        implements org.semanticweb.owlapi.reasoner.ReasonerProgressMonitor,
                org.semanticweb.elk.reasoner.ProgressMonitor {
    private static final long serialVersionUID = 1L;
    private final Progress p;
    private int task = -1;
    private double last;

    public ClassifyMonitor(Progress p) {
        this.p = p;
    }

    @Override
    public void reasonerTaskStarted(String name) {
        task++;
    }

    @Override
    public void reasonerTaskStopped() {}

    @Override
    public void reasonerTaskProgressChanged(int value, int max) {
        if (max <= 0) {
            return;
        }
        double stage = Math.min(task, 5);
        double f = (stage + Math.min(1.0, value / (double) max)) / 6.0;
        if (f > last) {
            last = Math.min(0.99, f);
            p.report("classify", last);
        }
    }

    @Override
    public void reasonerTaskBusy() {}

    @Override
    public void start(String message) {
        reasonerTaskStarted(message);
    }

    @Override
    public void report(int state, int maxState) {
        reasonerTaskProgressChanged(state, maxState);
    }

    @Override
    public void finish() {
        reasonerTaskStopped();
    }
}
