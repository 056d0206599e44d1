package oarag.bridge.common;

import java.io.File;
import java.io.FileInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.util.zip.CRC32C;

/**
 * What a file held when it was loaded: its size and CRC-32C, taken on a second thread while OWL API
 * parses it. Its axiom texts are indexed for a reload only after extract (extract's warm state),
 * off the load's critical path and out of the heap while the parse and ELK need it; the stamp tells
 * whether the file read then is still the one parsed.
 */
public final class FileStamp {
    final long size;
    final long crc;

    FileStamp(long size, long crc) {
        this.size = size;
        this.crc = crc;
    }

    /** The stamp of bytes read whole. */
    public static FileStamp of(byte[] bytes) {
        CRC32C crc = new CRC32C();
        crc.update(bytes);
        return new FileStamp(bytes.length, crc.getValue());
    }

    public boolean matches(FileStamp o) {
        return o != null && o.size == size && o.crc == crc;
    }

    /** A file's bytes as they are read, stamped on the way. */
    static final class Reading extends FilterInputStream {
        private final CRC32C crc = new CRC32C();
        private long n;

        Reading(File file) throws IOException {
            super(new FileInputStream(file));
        }

        @Override
        public int read() throws IOException {
            int c = super.read();
            if (c >= 0) {
                crc.update(c);
                n++;
            }
            return c;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int k = super.read(b, off, len);
            if (k > 0) {
                crc.update(b, off, k);
                n += k;
            }
            return k;
        }

        /** The stamp of everything read so far (read to the end first). */
        FileStamp stamp() throws IOException {
            byte[] rest = new byte[1 << 16];
            while (read(rest, 0, rest.length) > 0) {
                // the caller may stop before the end
            }
            return new FileStamp(n, crc.getValue());
        }
    }

    /**
     * Takes a file's stamp on a thread of its own; the result is null when the file changed while
     * it was parsed.
     */
    public static final class Taker extends Thread {
        private final File file;
        private final long size;
        private final long modified;
        private volatile FileStamp stamp;

        private Taker(File file) {
            super("file-stamp");
            setDaemon(true);
            this.file = file;
            this.size = file.length();
            this.modified = file.lastModified();
        }

        public static Taker start(File file) {
            Taker t = new Taker(file);
            t.start();
            return t;
        }

        @Override
        public void run() {
            try (Reading in = new Reading(file)) {
                stamp = in.stamp();
            } catch (IOException e) {
                stamp = null;
            }
        }

        public FileStamp result() {
            try {
                join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return null;
            }
            return file.length() == size && file.lastModified() == modified ? stamp : null;
        }
    }
}
