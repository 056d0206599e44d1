import { defaultCacheDir } from './core/paths';
import { appVersion } from './core/version';
import type { OntologyHandle } from './ontology/ontology-handle';
import { OntologyService } from './ontology/ontology-service';
import { QueryService } from './query/exec/query-service';

export interface ContainerOptions {
  cacheDir?: string;
  env?: NodeJS.ProcessEnv;
}

/** Builds every service once, in dependency order; the CLI, the web server and Electron all share it. */
export class Container {
  readonly ontologies: OntologyService;

  constructor(opts: ContainerOptions = {}) {
    const env = opts.env ?? process.env;
    this.ontologies = new OntologyService({ cacheDir: opts.cacheDir ?? defaultCacheDir(env), appVersion: appVersion() });
  }

  /** One query service per opened ontology: its name indexes are built once and reused. */
  queryService(h: OntologyHandle): QueryService {
    let qs = this.queries.get(h);
    if (!qs) {
      qs = new QueryService(h, { explain: (a, r, b) => this.ontologies.explain(h, a, r, b) });
      this.queries.set(h, qs);
    }
    return qs;
  }

  private readonly queries = new WeakMap<OntologyHandle, QueryService>();

  start(): void {
    this.ontologies.start();
  }

  async stop(): Promise<void> {
    await this.ontologies.stop();
  }
}
