import { createPinia, setActivePinia } from 'pinia';
import { afterEach, beforeEach, vi } from 'vitest';
import type { AppInfo, OntologyInfo, Settings } from '../../../../src-main/api/contract';
import { FakeApi, installFakeConnection, type FakeConnection } from './fake-api';
import { installFakeDom, type FakeDom } from './fake-dom';

export interface Harness {
  api: FakeApi;
  conn: FakeConnection;
  dom: FakeDom;
}

/**
 * Per test: a fresh Pinia, the fake DOM and a fake connection. The returned object is filled in
 * beforeEach, so tests read `h.api` inside their bodies.
 */
export function storeHarness(opts: { hash?: string; storage?: Record<string, string> } = {}): Harness {
  const h = {} as Harness;
  beforeEach(() => {
    h.dom = installFakeDom(opts);
    h.api = new FakeApi();
    h.conn = installFakeConnection(h.api);
    setActivePinia(createPinia());
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
  return h;
}

export function settings(over: Partial<Settings> = {}): Settings {
  return {
    theme: 'system',
    defaultModel: null,
    local: { threads: null, gpuLayers: null, contextSize: null },
    openai: { baseUrl: null, model: null, apiKeyEnv: null },
    personas: {},
    models: {},
    fileRoots: null,
    nameLanguages: ['en', ''],
    agentDriver: 'auto',
    apiKeys: {},
    dlDeadlineMs: 2000,
    ...over,
  };
}

export function appInfo(over: Partial<AppInfo> = {}): AppInfo {
  return {
    version: '0.1.0',
    mode: 'web',
    cacheDir: '/c',
    dataDir: '/d',
    modelsDir: '/d/models',
    sampleOntology: null,
    sharedOntologies: null,
    defaultModel: null,
    builtinModel: null,
    settingsProblems: [],
    ...over,
  };
}

/** An open ontology as ontology.list and a load task give it; the id is its path. */
export function ontologyInfo(path: string, over: Partial<OntologyInfo['summary']> = {}): OntologyInfo {
  return {
    id: path,
    path,
    nameLanguages: ['en'],
    unsatisfiableNamed: [],
    summary: {
      file: path,
      format: 'Functional',
      ontologyIri: null,
      title: null,
      classes: 3,
      objectProperties: 1,
      closure: { subClassOf: 2, existential: 0 },
      unsatisfiable: [],
      warnings: [],
      cache: 'miss',
      seconds: 1,
      stageSeconds: {},
      ...over,
    },
  };
}
