package oarag.bridge.load.ofn;

/**
 * The fast functional-syntax reader meets something it does not reproduce exactly (or a syntax
 * error): the caller reads the whole document with OWL API instead. No stack trace: it is control
 * flow, not a fault.
 */
public final class OfnGiveUp extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /**
     * The range being read ended inside an item: the cut between two halves fell badly, not the
     * document.
     */
    final boolean atCut;

    OfnGiveUp(String why, boolean atCut) {
        super(why, null, false, false);
        this.atCut = atCut;
    }
}
