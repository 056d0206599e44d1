package oarag.bridge.common;

/** Receives stage progress; implementations rate-limit what they forward to the client. */
public interface Progress {
    void report(String stage, double fraction);

    Progress NONE = (stage, fraction) -> {};
}
