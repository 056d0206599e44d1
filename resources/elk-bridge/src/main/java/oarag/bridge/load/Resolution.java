package oarag.bridge.load;

import java.io.File;
import java.util.List;

/**
 * Where a load looks for its imports: a catalog (or none), the folder the by-name fallback searches
 * (the file's own folder unless given, e.g. for a committed revision read into a temporary file),
 * and the folders import targets must stay inside (null: anywhere).
 */
public final class Resolution {
    public static final Resolution NONE = new Resolution(null, null, null);

    /**
     * The catalog was found rather than given: one that cannot be read is noted in a warning and
     * the load goes on without it (a given one that cannot be read fails the load).
     */
    public boolean lenient;

    public final File catalog;
    public final File base;
    public final List<File> roots;

    public Resolution(File catalog, File base, List<File> roots) {
        this.catalog = catalog;
        this.base = base;
        this.roots = roots;
    }

    public static Resolution ofCatalog(File catalog) {
        return catalog == null ? NONE : new Resolution(catalog, null, null);
    }

    File folderOf(File file) {
        return base != null ? base : file.getAbsoluteFile().getParentFile();
    }
}
