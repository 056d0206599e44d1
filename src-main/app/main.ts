import { existsSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  app,
  BrowserWindow,
  dialog,
  ipcMain,
  session,
  shell,
  type FileFilter,
  type IpcMainInvokeEvent,
} from 'electron';
import { isApiMethod } from '../api/contract';
import { UserError } from '../core/errors';
import { startBackend, startupHint, stopBackend, type Backend } from './backend';
import { CHANNELS, type CallEnvelope, type FileKind } from './bridge-types';
import { APP_ORIGIN, registerAppScheme, serveRenderer } from './renderer-protocol';
import { CSP, devCsp, isExternalHttp, originOf } from './security';

/**
 * The Electron shell: one window over the same ApiService the web server uses. The renderer is
 * untrusted: it runs sandboxed with context isolation, reaches the main side only through the
 * preload's named functions, and every call is validated by ApiService's schemas.
 */

const here = dirname(fileURLToPath(import.meta.url));
const devUrl = !app.isPackaged ? process.env.ELECTRON_RENDERER_URL : undefined;
const allowedOrigin = devUrl ? originOf(devUrl) : APP_ORIGIN;

// The local model runs in a child process forked from out/main/llama-worker.js (a separate bundle entry).
const worker = join(here, 'llama-worker.js');
process.env.OARAG_LLAMA_WORKER ??= app.isPackaged
  ? worker.replace(`app.asar${sep}`, `app.asar.unpacked${sep}`)
  : worker;
if (app.isPackaged) {
  // Resources ship outside the asar archive (Java cannot read inside it); see electron-builder.yml.
  const jar = join(process.resourcesPath, 'resources', 'elk-bridge', 'elk-bridge.jar');
  if (existsSync(jar)) process.env.OARAG_BRIDGE_JAR ??= jar;
}

registerAppScheme();
// A second launch focuses the first window instead of starting a second set of services on the same files.
const primary = app.requestSingleInstanceLock();
if (!primary) app.quit();

let win: BrowserWindow | undefined;
let backend: Backend | undefined;
let startError: string | undefined;

function isOurFrame(e: IpcMainInvokeEvent): boolean {
  const frame = e.senderFrame;
  if (!win || win.isDestroyed() || !frame || e.sender !== win.webContents) return false;
  const main = win.webContents.mainFrame;
  // Only the top frame of our window, showing our own origin (never a subframe or a navigated-away page).
  return (
    frame.processId === main.processId && frame.routingId === main.routingId && originOf(frame.url) === allowedOrigin
  );
}

function createWindow(): BrowserWindow {
  const w = new BrowserWindow({
    width: 1360,
    height: 860,
    minWidth: 900,
    minHeight: 560,
    show: false,
    title: 'OA-RAG Workbench',
    backgroundColor: '#f7f7f5',
    autoHideMenuBar: true,
    webPreferences: {
      preload: join(here, '..', 'preload', 'index.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      spellcheck: false,
    },
  });
  w.once('ready-to-show', () => w.show());
  w.webContents.setWindowOpenHandler(({ url }) => {
    if (isExternalHttp(url)) void shell.openExternal(url);
    return { action: 'deny' };
  });
  w.webContents.on('will-navigate', (e, url) => {
    if (originOf(url) !== allowedOrigin) {
      e.preventDefault();
      if (isExternalHttp(url)) void shell.openExternal(url);
    }
  });
  w.webContents.on('will-redirect', (e, url) => {
    if (originOf(url) !== allowedOrigin) e.preventDefault();
  });
  w.webContents.on('will-attach-webview', (e) => e.preventDefault());
  if (devUrl) void w.loadURL(devUrl);
  else void w.loadURL(`${APP_ORIGIN}/index.html`);
  return w;
}

function hardenSession(): void {
  const s = session.defaultSession;
  s.setPermissionRequestHandler((_wc, _perm, cb) => cb(false));
  s.setPermissionCheckHandler(() => false);
  const policy = devUrl ? devCsp(devUrl) : CSP;
  s.webRequest.onHeadersReceived((details, cb) => {
    cb({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [policy] } });
  });
}

function registerIpc(): void {
  ipcMain.handle(CHANNELS.call, async (e, method: unknown, params: unknown): Promise<CallEnvelope> => {
    if (!isOurFrame(e))
      return { ok: false, error: { code: 'forbidden', message: 'Calls are accepted from the workbench window only.' } };
    if (!backend)
      return {
        ok: false,
        error: { code: 'unavailable', message: `The services did not start: ${startError ?? 'still starting'}` },
      };
    if (!isApiMethod(method))
      return {
        ok: false,
        error: { code: 'unknown-method', message: `Unknown method ${String(method).slice(0, 80)}.` },
      };
    try {
      return { ok: true, result: await backend.api.handle(method, params) };
    } catch (err) {
      if (err instanceof UserError) return { ok: false, error: { code: err.code, message: err.message } };
      return {
        ok: false,
        error: { code: 'internal', message: `Internal error: ${err instanceof Error ? err.message : String(err)}` },
      };
    }
  });
  ipcMain.handle(CHANNELS.openDialog, async (e, kind: unknown): Promise<string | null> => {
    if (!isOurFrame(e) || !win) return null;
    const filters: Record<FileKind, FileFilter[]> = {
      ontology: [
        { name: 'Ontologies', extensions: ['owl', 'ofn', 'obo', 'ttl', 'rdf', 'xml', 'owx', 'omn'] },
        { name: 'All files', extensions: ['*'] },
      ],
      model: [{ name: 'GGUF models', extensions: ['gguf'] }],
      dataset: [
        { name: 'Datasets (JSONL)', extensions: ['jsonl', 'json'] },
        { name: 'All files', extensions: ['*'] },
      ],
    };
    const k: FileKind = kind === 'model' || kind === 'dataset' ? kind : 'ontology';
    const r = await dialog.showOpenDialog(win, { properties: ['openFile'], filters: filters[k] });
    return r.canceled || !r.filePaths.length ? null : r.filePaths[0];
  });
}

function forwardEvents(b: Backend): void {
  b.api.events.on('event', (name: string, payload: unknown) => {
    if (win && !win.isDestroyed()) win.webContents.send(CHANNELS.event, name, payload);
  });
}

app.on('second-instance', () => {
  if (win) {
    if (win.isMinimized()) win.restore();
    win.focus();
  }
});

app.on('web-contents-created', (_e, contents) => {
  contents.on('will-attach-webview', (ev) => ev.preventDefault());
});

void app.whenReady().then(async () => {
  if (!primary) return;
  hardenSession();
  if (!devUrl) serveRenderer(join(here, '..', 'renderer'));
  registerIpc();
  try {
    backend = await startBackend();
    forwardEvents(backend);
  } catch (e) {
    startError = startupHint(e);
    console.error(startError);
    dialog.showErrorBox('OA-RAG Workbench: the services did not start', startError);
  }
  const open = () => {
    win = createWindow();
    win.on('closed', () => (win = undefined));
  };
  open();
  app.on('activate', () => {
    if (!BrowserWindow.getAllWindows().length) open();
  });
});

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});

let quitting = false;
app.on('before-quit', (e) => {
  if (quitting || !backend) return;
  e.preventDefault();
  quitting = true;
  void stopBackend(backend).finally(() => app.quit());
});
