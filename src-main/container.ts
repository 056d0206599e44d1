import { defaultCacheDir } from './core/paths';
import { appVersion } from './core/version';
import { OntologyService } from './ontology/ontology-service';

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

  start(): void {
    this.ontologies.start();
  }

  async stop(): Promise<void> {
    await this.ontologies.stop();
  }
}
