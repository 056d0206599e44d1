import type { DesktopBridge } from '../src-main/app/bridge-types';

declare global {
  interface Window {
    /** Set by the Electron preload; absent in web mode. */
    oarag?: DesktopBridge;
  }
}

export {};
