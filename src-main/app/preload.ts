import { contextBridge, ipcRenderer, webUtils } from 'electron';
import { CHANNELS, EVENT_NAMES, type CallEnvelope, type DesktopBridge, type FileKind } from './bridge-types';

/**
 * The sandboxed preload: named functions only, never ipcRenderer itself. Event listeners get the
 * payload alone (no IpcRendererEvent, which would carry `sender`).
 */
const listeners = new Map<string, Set<(payload: unknown) => void>>();

ipcRenderer.on(CHANNELS.event, (_e, name: unknown, payload: unknown) => {
  if (typeof name !== 'string') return;
  for (const l of listeners.get(name) ?? []) {
    try {
      l(payload);
    } catch (err) {
      console.error(err);
    }
  }
});

const bridge: DesktopBridge = {
  platform: process.platform,
  call: (method, params) => ipcRenderer.invoke(CHANNELS.call, String(method), params) as Promise<CallEnvelope>,
  on: (event, listener) => {
    if (!(EVENT_NAMES as readonly string[]).includes(event)) throw new Error(`Unknown event ${event}`);
    if (typeof listener !== 'function') throw new Error('The listener must be a function.');
    let set = listeners.get(event);
    if (!set) listeners.set(event, (set = new Set()));
    set.add(listener);
    return () => void listeners.get(event)?.delete(listener);
  },
  openFile: (kind: FileKind) => ipcRenderer.invoke(CHANNELS.openDialog, kind) as Promise<string | null>,
  pathForFile: (file) => {
    try {
      return webUtils.getPathForFile(file);
    } catch {
      return '';
    }
  },
};

contextBridge.exposeInMainWorld('oarag', bridge);
