package oarag.bridge.common;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;

/**
 * How full the heap is, for the choices that keep a second copy of something only while it fits.
 */
public final class Heap {
    private Heap() {}

    /** Whether the data that survived a young collection fills over half of the maximum heap. */
    public static boolean tight() {
        return surviving() > 0.5 * Runtime.getRuntime().maxMemory();
    }

    /**
     * Heap that survived a young collection (old generation and survivor spaces): the live data
     * plus some garbage. Used heap would count the parse's garbage too, and a collection to clear
     * it costs about a second here.
     */
    static long surviving() {
        long n = 0;
        boolean pools = false;
        for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) {
            if (p.getType() == MemoryType.HEAP && p.isValid()) {
                pools = true;
                if (!p.getName().contains("Eden")) {
                    n += p.getUsage().getUsed();
                }
            }
        }
        Runtime rt = Runtime.getRuntime();
        return pools ? n : rt.totalMemory() - rt.freeMemory();
    }
}
