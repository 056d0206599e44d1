import type { ErrorCode } from '../core/error-codes';

/** IPC channel names; only src-main/app uses them. */
export const CHANNELS = {
  call: 'oarag:call',
  event: 'oarag:event',
  openDialog: 'oarag:open-dialog',
} as const;

/** The events the main side forwards; the preload refuses subscriptions to anything else. */
export const EVENT_NAMES = ['task.update', 'ask.step', 'ontology.changed'] as const;

export type FileKind = 'ontology' | 'model' | 'dataset';

/** What `oarag:call` resolves with: errors travel as data so their `code` survives the bridge. */
export type CallEnvelope = { ok: true; result: unknown } | { ok: false; error: { code: ErrorCode; message: string } };

/**
 * `window.oarag` in the desktop app: the only functions the preload exposes. The renderer's transport
 * wraps `call` and `on` into the typed `WorkbenchApi`; the rest are desktop-only conveniences.
 */
export interface DesktopBridge {
  readonly platform: string;
  call(method: string, params: unknown): Promise<CallEnvelope>;
  on(event: string, listener: (payload: unknown) => void): () => void;
  /** A native open-file dialog; resolves with the chosen path or null. */
  openFile(kind: FileKind): Promise<string | null>;
  /** The file-system path of a dropped File (Electron's webUtils), or '' when it has none. */
  pathForFile(file: File): string;
}
