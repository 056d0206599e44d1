import Database from 'better-sqlite3';
import { constants, rmSync } from 'node:fs';
import { copyFile } from 'node:fs/promises';
import { compareCodeUnits } from '../../core/compare';
import type { DumpRecord, GoneRecord } from '../dump/dump-types';
import { StepClock } from '../load-profile';
import type { NamingOptions } from '../names/naming-policy';
import { graphPatch, writePatchedGraph } from '../store/graph-patch';
import type { BuildCounts } from './cache-builder';
import { hashFileAside } from './cache-key';
import { refreshCards } from './card-refresh';
import { DeltaApplier } from './delta-apply';

/** The figures a load summary takes from a cache build. */
export type LoadCounts = Pick<
  BuildCounts,
  'classes' | 'objectProperties' | 'subClassOf' | 'existential' | 'unsatisfiable'
>;

/**
 * Builds a cache entry from the entry of the bridge's last dump and a delta dump of its reload: a copy of
 * that SQLite file with the changed groups' rows replaced (delta-apply.ts), the cards they touch written
 * again (card-refresh.ts), and the closure graph rewritten only where its subjects changed. The same steps
 * as CacheBuilder: add every record, finishCards, setMeta, commitAndClose.
 */
export class CachePatcher {
  readonly hashes: { db?: string; graph?: string } = {};
  private readonly db: Database.Database;
  private readonly applier: DeltaApplier;
  private readonly base: { summary: LoadCounts; ontology: unknown };
  private readonly baseNt: string;
  private ontology: unknown;
  private open = true;
  cardsWritten = 0;

  /** Copies the base entry's SQLite file to `tmpDb`: start it early, while the bridge works; false when it failed. */
  static copyBase(dbPath: string, tmpDb: string): Promise<boolean> {
    return copyFile(dbPath, tmpDb, constants.COPYFILE_FICLONE).then(
      () => true,
      () => false,
    );
  }

  /** `tmpDb` is a copy of the base entry's SQLite file (copyBase); its closure graph is read from `base.ntPath`. */
  constructor(
    base: { ntPath: string },
    private readonly tmpDb: string,
    private readonly tmpNt: string,
    naming: NamingOptions,
    readonly clock = new StepClock(),
  ) {
    const t = performance.now();
    this.baseNt = base.ntPath;
    this.db = new Database(tmpDb);
    // A half-patched copy is deleted, never opened: no journal is needed.
    this.db.pragma('journal_mode = OFF');
    this.db.pragma('synchronous = OFF');
    this.db.pragma('locking_mode = EXCLUSIVE');
    const meta = (key: string) => {
      const v = this.db.prepare('SELECT value FROM meta WHERE key = ?').pluck().get(key) as string | undefined;
      return v === undefined ? undefined : (JSON.parse(v) as unknown);
    };
    this.base = { summary: meta('summary') as LoadCounts, ontology: meta('ontology') ?? null };
    this.db.exec('BEGIN');
    this.applier = new DeltaApplier(this.db, naming);
    this.clock.lap('patchOpen', t);
  }

  add(rec: DumpRecord | GoneRecord): void {
    const t = performance.now();
    this.applier.add(rec, (key, value) => {
      if (key === 'ontology') this.ontology = value;
      this.setMeta(key, value);
    });
    this.clock.lap('patchRows', t);
  }

  finishCards(): void {
    const t = performance.now();
    this.cardsWritten = refreshCards(this.db, this.applier);
    this.clock.lap('patchCards', t);
  }

  get buildCounts(): LoadCounts {
    const count = (sql: string) => this.db.prepare(sql).pluck().get() as number;
    return {
      classes: this.base.summary.classes,
      objectProperties: this.base.summary.objectProperties,
      subClassOf: count("SELECT count(*) FROM parent p JOIN entity e ON e.id = p.child WHERE e.kind <> 'filler'"),
      existential: count('SELECT count(*) FROM link'),
      // in the bridge's order (its classes sorted by IRI), as a full build lists them
      unsatisfiable: (
        this.db.prepare("SELECT iri FROM entity WHERE unsat = 1 AND kind = 'class'").pluck().all() as string[]
      ).sort(compareCodeUnits),
    };
  }

  get ontologyRecord(): unknown {
    return this.ontology ?? this.base.ontology;
  }

  setMeta(key: string, value: unknown): void {
    this.db.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)').run(key, JSON.stringify(value));
  }

  /** Commits and closes the copy and writes the closure graph; both files' checksums are then in `hashes`. */
  async commitAndClose(): Promise<void> {
    let t = performance.now();
    const graph = graphPatch(this.db, this.applier.graph);
    this.db.exec('COMMIT');
    this.db.close();
    this.open = false;
    t = this.clock.lap('commit', t);
    // the SQLite file is hashed on another thread while this one writes the graph
    const db = hashFileAside(this.tmpDb);
    db.catch(() => undefined); // awaited below, unless the graph fails first
    this.hashes.graph = writePatchedGraph(graph, this.baseNt, this.tmpNt);
    t = this.clock.lap('patchGraph', t);
    this.hashes.db = await db;
    this.clock.lap('hashWait', t);
  }

  async abort(): Promise<void> {
    if (this.open) {
      this.open = false;
      try {
        this.db.close();
      } catch {
        // the copy is deleted below either way
      }
    }
    rmSync(this.tmpDb, { force: true });
    rmSync(this.tmpNt, { force: true });
  }
}
