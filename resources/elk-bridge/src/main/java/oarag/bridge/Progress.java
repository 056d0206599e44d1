package oarag.bridge;

/** Receives stage progress; implementations rate-limit what they forward to the client. */
interface Progress {
    void report(String stage, double fraction);

    Progress NONE = (stage, fraction) -> { };
}
