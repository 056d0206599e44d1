package oarag.bridge;

/** An error reported to the client as {"type":"error","code","message"}. */
final class BridgeException extends Exception {
    private static final long serialVersionUID = 1L;
    final String code;

    BridgeException(String code, String message) {
        super(message);
        this.code = code;
    }

    BridgeException(String code, String message, Throwable cause) {
        super(message, cause);
        this.code = code;
    }
}
