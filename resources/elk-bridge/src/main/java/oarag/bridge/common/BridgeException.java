package oarag.bridge.common;

/** An error reported to the client as {"type":"error","code","message"}. */
public final class BridgeException extends Exception {
    private static final long serialVersionUID = 1L;
    public final String code;

    public BridgeException(String code, String message) {
        super(message);
        this.code = code;
    }

    public BridgeException(String code, String message, Throwable cause) {
        super(message, cause);
        this.code = code;
    }
}
