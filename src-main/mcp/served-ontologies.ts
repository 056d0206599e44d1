import type { OntologyHandle } from '../ontology/ontology-handle';
import type { OpenOntologies } from '../ontology/open-ontologies';
import type { QueryService } from '../query/exec/query-service';

/** One open ontology as MCP clients name it (by file name, e.g. "pizza.owl"), with its query service. */
export interface ServedOntology {
  id: string;
  handle: OntologyHandle;
  query: QueryService;
}

/**
 * The open ontologies one MCP server answers over, read from the registry at each call. Tools take an
 * optional `ontology` argument; with one ontology it may be left out, with several it must pick one.
 */
export class ServedOntologies {
  constructor(
    private readonly open: OpenOntologies,
    private readonly queryService: (h: OntologyHandle) => QueryService,
  ) {}

  get list(): ServedOntology[] {
    return this.open.list().map((o) => this.served(o));
  }

  get ids(): string[] {
    return this.open.list().map((o) => o.name);
  }

  /** By file name or stem, any case; `usage` when several are open and none is named, else `unknown-ontology`. */
  pick(name: string | undefined): ServedOntology {
    return this.served(this.open.pick(name));
  }

  private served(o: { name: string; handle: OntologyHandle }): ServedOntology {
    return { id: o.name, handle: o.handle, query: this.queryService(o.handle) };
  }
}
