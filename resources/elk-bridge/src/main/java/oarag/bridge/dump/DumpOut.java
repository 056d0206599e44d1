package oarag.bridge.dump;

import java.io.File;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.StandardCopyOption;
import oarag.bridge.common.BridgeException;
import oarag.bridge.common.Progress;
import oarag.bridge.common.Utf8;

/**
 * The dump's file: records built in {@link #sb}, encoded as UTF-8 into a buffer and written to
 * {@code <out>.tmp}, which {@link #complete} renames into place and {@link #discard} deletes.
 * Counts the records for the write progress. Used by one thread at a time ({@link DumpWriter}'s
 * head thread, then its caller).
 */
final class DumpOut {
    /** The record being built. */
    final StringBuilder sb = new StringBuilder(4096);

    private final Progress progress;
    private final File out;
    private final File tmp;
    private OutputStream w;

    /**
     * UTF-8 bytes not yet written: each record is encoded here straight from sb (no String, no
     * charset encoder).
     */
    private byte[] buf = new byte[1 << 20];

    private int bn;
    private long records;
    private long expectedRecords;

    /**
     * A thread that writes records without reporting progress (the head, while the caller reports
     * its own).
     */
    private volatile Thread quiet;

    /** Set when the dump will not be finished: the next record fails. */
    private volatile boolean abandoned;

    DumpOut(File out, Progress progress) throws BridgeException, IOException {
        this.progress = progress;
        this.out = out;
        File parent = out.getAbsoluteFile().getParentFile();
        if (parent != null && !parent.isDirectory() && !parent.mkdirs()) {
            throw new BridgeException(
                    "NOT_FOUND", "The output folder " + parent.getPath() + " cannot be created.");
        }
        this.tmp = new File(out.getPath() + ".tmp");
        this.w = new FileOutputStream(tmp);
    }

    void quiet(Thread t) {
        quiet = t;
    }

    /**
     * How many records the dump will have, for the progress fraction (0: unknown, none reported).
     */
    void expect(long n) {
        expectedRecords = n;
    }

    long records() {
        return records;
    }

    /**
     * Starts the count again: the records written so far are written anew (a delta that became a
     * full dump).
     */
    void recount() {
        records = 0;
    }

    boolean open() {
        return w != null;
    }

    void abandon() {
        abandoned = true;
    }

    /**
     * Ends the record in sb and writes it (a record of no group: the delta mark, gone records,
     * stats).
     */
    void line() throws IOException {
        endLine();
        emit(1);
    }

    void endLine() throws IOException {
        if (abandoned) {
            throw new IOException("the dump was abandoned");
        }
        sb.append('\n');
    }

    /** Writes sb, which holds this many records. */
    void emit(int n) throws IOException {
        encode();
        sb.setLength(0);
        for (int k = 0; k < n; k++) {
            if ((++records & 0x3fff) == 0
                    && expectedRecords > 0
                    && Thread.currentThread() != quiet) {
                progress.report("write", Math.min(0.99, records / (double) expectedRecords));
            }
        }
    }

    /** Appends sb as UTF-8 (Utf8.encode; Json.str escapes lone surrogates anyway). */
    private void encode() throws IOException {
        int n = sb.length();
        if (bn + 3 * n > buf.length) {
            w.write(buf, 0, bn);
            bn = 0;
            if (3 * n > buf.length) {
                buf = new byte[3 * n];
            }
        }
        bn = Utf8.encode(sb, buf, bn);
    }

    /** Writes what is buffered, closes the file and renames it into place. */
    void complete() throws IOException {
        w.write(buf, 0, bn);
        bn = 0;
        OutputStream os = w;
        w = null;
        os.close();
        Files.move(
                tmp.toPath(),
                out.toPath(),
                StandardCopyOption.REPLACE_EXISTING,
                StandardCopyOption.ATOMIC_MOVE);
    }

    /** Closes and deletes the unfinished file. */
    void discard() {
        try {
            w.close();
        } catch (IOException e) {
            // nothing to save
        }
        w = null;
        if (!tmp.delete() && tmp.exists()) {
            System.err.println("[elk-bridge] could not delete " + tmp);
        }
    }
}
