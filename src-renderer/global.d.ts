import type { DesktopBridge } from 'src-main/api/contract';

declare global {
  interface Window {
    /** Set by the Electron preload; absent in web mode. */
    oarag?: DesktopBridge;
  }
}

export {};
