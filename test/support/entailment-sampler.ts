import { pick, seededRandom, shuffle } from '../../src-main/core/random';
import type { ClosureIndex } from '../../src-main/ontology/closure/closure-index';

/** One ASK question over ids; `r === null` asks A ⊑ B. */
export interface AskCase {
  a: number;
  r: number | null;
  b: number;
  how: 'existential' | 'is-a' | 'stated' | 'two-hop' | 'near-miss' | 'random' | 'unsat-subject';
  /** A told existential of A or a direct parent: true positives that need no reasoning. */
  told: boolean;
}

export interface Condition {
  r: number | null;
  b: number;
}

export interface ConjunctionCase {
  conds: Condition[];
  how: 'lifted' | 'near-miss' | 'unrelated';
}

export interface StatedRow {
  s: number;
  r: number;
  f: number;
}

/**
 * Draws questions from the closure for comparison with ELK. Positives are built the way the
 * closure's rule derives them (inherited links, super-properties, lifted fillers), so most of
 * them are inferred; near misses and two-hop questions (a filler's own links, where chains and
 * transitivity matter) probe completeness, because ELK, not the closure, gives the verdict.
 */
export class EntailmentSampler {
  readonly classes: number[];
  readonly props: number[];
  readonly unsat: number[];
  /** Classes no name links to alone (left out of every question). */
  readonly unnamed: number = 0;
  private readonly rand: () => number;
  private readonly stated: Set<string>;
  private readonly withLinks: number[];
  /** Ids depend on the order of the bridge's dump, which varies between loads; IRIs do not. */
  private readonly sortKey: string[] = [];

  constructor(
    private readonly ix: ClosureIndex,
    stated: StatedRow[],
    private readonly nameable: (id: number) => boolean,
    seed: number,
  ) {
    this.rand = seededRandom(seed);
    for (let id = 1; id < ix.iriOf.length; id++)
      this.sortKey[id] = ix.kindOf[id] === 'filler' ? `filler ${ix.nameOf(id)}` : ix.iri(id);
    this.stated = new Set(stated.map((t) => key(t.s, t.r, t.f)));
    this.classes = [];
    this.unsat = [];
    const used = new Set<number>();
    for (let id = 1; id < ix.iriOf.length; id++) {
      if (ix.kindOf[id] === 'class') {
        if (nameable(id)) (ix.unsat.has(id) ? this.unsat : this.classes).push(id);
        else this.unnamed++;
      }
      for (const l of ix.links[id] ?? []) for (const s of ix.superProperties(l.r)) used.add(s);
    }
    this.classes = this.sorted(this.classes);
    this.unsat = this.sorted(this.unsat);
    this.props = this.sorted([...used].filter((p) => ix.kindOf[p] === 'property' && nameable(p)));
    this.withLinks = this.classes.filter((c) => this.holders(c).length > 0);
  }

  asks(n: number): AskCase[] {
    const out = new Map<string, AskCase>();
    const add = (c: AskCase | null) => {
      if (c && !out.has(key(c.a, c.r, c.b))) out.set(key(c.a, c.r, c.b), c);
    };
    const existential = this.props.length > 0 && this.withLinks.length > 0;
    const fill = (quota: number, make: () => AskCase | null) => {
      const target = out.size + quota;
      for (let guard = 0; out.size < target && guard < quota * 30; guard++) add(make());
    };
    for (const u of this.unsat.slice(0, 10)) add(this.randomCase(u, 'unsat-subject'));
    if (existential) {
      fill(Math.round(n * 0.3), () => this.existentialPositive());
      fill(Math.round(n * 0.05), () => this.statedPositive());
      fill(Math.round(n * 0.1), () => this.twoHop());
    }
    fill(Math.round(n * (existential ? 0.17 : 0.4)), () => this.isaPositive());
    const positives = [...out.values()].filter((c) => c.how !== 'unsat-subject');
    if (positives.length) fill(Math.round(n * 0.2), () => this.nearMiss(pick(this.rand, positives)));
    fill(Math.max(0, n - out.size), () => this.randomCase(pick(this.rand, this.classes), 'random'));
    return [...out.values()];
  }

  /** Conjunctions of 2–4 conditions; `lifted` ones hold for the class they were drawn from. */
  conjunctions(n: number): ConjunctionCase[] {
    const out = new Map<string, ConjunctionCase>();
    const add = (c: ConjunctionCase | null) => {
      if (!c) return;
      const k = c.conds
        .map((x) => key(0, x.r, x.b))
        .sort()
        .join('|');
      if (!out.has(k)) out.set(k, c);
    };
    const quota = { lifted: Math.round(n * 0.7), nearMiss: Math.round(n * 0.15) };
    for (let guard = 0; out.size < quota.lifted && guard < n * 50; guard++) add(this.lifted());
    const lifted = [...out.values()];
    for (let guard = 0; out.size < quota.lifted + quota.nearMiss && lifted.length && guard < n * 50; guard++) {
      add(this.nearMissConjunction(pick(this.rand, lifted)));
    }
    for (let guard = 0; out.size < n && guard < n * 50; guard++) add(this.unrelated());
    return [...out.values()];
  }

  private existentialPositive(): AskCase | null {
    const a = pick(this.rand, this.withLinks);
    const e = this.entailedCondition(a);
    if (!e || e.r === null) return null;
    return { a, r: e.r, b: e.b, how: 'existential', told: this.stated.has(key(a, e.r, e.b)) };
  }

  private statedPositive(): AskCase | null {
    const a = pick(this.rand, this.withLinks);
    const direct = this.linksOf(a).filter((l) => this.nameable(l.r) && this.isNamedClass(l.f));
    if (!direct.length) return null;
    const l = pick(this.rand, direct);
    return { a, r: l.r, b: l.f, how: 'stated', told: this.stated.has(key(a, l.r, l.f)) };
  }

  private twoHop(): AskCase | null {
    const a = pick(this.rand, this.withLinks);
    const first = pick(this.rand, this.holders(a));
    const l1 = pick(this.rand, this.linksOf(first));
    const next = this.holders(l1.f);
    if (!next.length) return null;
    const l2 = pick(this.rand, this.linksOf(pick(this.rand, next)));
    const r = this.rand() < 0.5 ? l1.r : l2.r;
    const bs = this.namedAncestors(l2.f);
    if (!this.nameable(r) || !bs.length) return null;
    return { a, r, b: pick(this.rand, bs), how: 'two-hop', told: false };
  }

  private isaPositive(): AskCase | null {
    const a = pick(this.rand, this.classes);
    const ups = this.namedAncestors(a).filter((b) => b !== a);
    if (!ups.length) return null;
    const b = pick(this.rand, ups);
    return { a, r: null, b, how: 'is-a', told: this.isDirect(a, b) };
  }

  private nearMiss(p: AskCase): AskCase | null {
    const ix = this.ix;
    const choice = this.rand();
    const kids = this.sorted(ix.children[p.b] ?? []).filter((k) => this.isNamedClass(k));
    const subProps = p.r === null ? [] : this.sorted(ix.propChildren[p.r] ?? []).filter((s) => this.nameable(s));
    const parents = this.sorted(ix.parents[p.a] ?? []).filter((x) => this.isNamedClass(x));
    let c: Pick<AskCase, 'a' | 'r' | 'b'>;
    if (choice < 0.35 && kids.length) c = { ...p, b: pick(this.rand, kids) };
    else if (choice < 0.5 && subProps.length) c = { ...p, r: pick(this.rand, subProps) };
    else if (choice < 0.75 && parents.length) c = { ...p, a: pick(this.rand, parents) };
    else if (choice < 0.9 && this.props.length) c = { ...p, r: p.r === null ? pick(this.rand, this.props) : null };
    else c = { ...p, b: pick(this.rand, this.classes) };
    return { ...c, how: 'near-miss', told: false };
  }

  private randomCase(a: number, how: 'random' | 'unsat-subject'): AskCase {
    const r = this.props.length && this.rand() < 0.7 ? pick(this.rand, this.props) : null;
    return { a, r, b: pick(this.rand, this.classes), how, told: false };
  }

  private lifted(): ConjunctionCase | null {
    const a = pick(this.rand, this.classes);
    const k = 2 + Math.floor(this.rand() * 3);
    const conds = new Map<string, Condition>();
    for (let guard = 0; conds.size < k && guard < 20; guard++) {
      const c = this.entailedCondition(a);
      if (c) conds.set(key(0, c.r, c.b), c);
    }
    return conds.size >= 2 ? { conds: shuffle(this.rand, [...conds.values()]), how: 'lifted' } : null;
  }

  /** Narrows one condition's filler to a child, which usually empties the answer or shrinks it. */
  private nearMissConjunction(c: ConjunctionCase): ConjunctionCase | null {
    const i = Math.floor(this.rand() * c.conds.length);
    const kids = this.sorted(this.ix.children[c.conds[i].b] ?? []).filter((x) => this.isNamedClass(x));
    const b = kids.length ? pick(this.rand, kids) : pick(this.rand, this.classes);
    const conds = c.conds.map((x, j) => (j === i ? { ...x, b } : x));
    return { conds, how: 'near-miss' };
  }

  /** Conditions on random fillers from unrelated branches: mostly empty answers. */
  private unrelated(): ConjunctionCase {
    const conds: Condition[] = [];
    for (let i = 0; i < 2 + Math.floor(this.rand() * 2); i++) {
      const r = this.props.length && this.rand() < 0.5 ? pick(this.rand, this.props) : null;
      conds.push({ r, b: pick(this.rand, this.classes) });
    }
    return { conds, how: 'unrelated' };
  }

  /** Some condition that `a` satisfies: an inherited link with a lifted property and filler, or an ancestor. */
  private entailedCondition(a: number): Condition | null {
    const holders = this.holders(a);
    if (holders.length && this.rand() < 0.65) {
      const l = pick(this.rand, this.linksOf(pick(this.rand, holders)));
      const rs = this.sorted(this.ix.superProperties(l.r)).filter((p) => this.props.includes(p));
      const bs = this.namedAncestors(l.f);
      if (rs.length && bs.length) return { r: pick(this.rand, rs), b: pick(this.rand, bs) };
    }
    const ups = this.namedAncestors(a).filter((b) => b !== a);
    return ups.length ? { r: null, b: pick(this.rand, ups) } : null;
  }

  private holders(a: number): number[] {
    return this.sorted(this.ix.ancestors(a)).filter((x) => this.ix.links[x]?.length);
  }

  private namedAncestors(x: number): number[] {
    return this.sorted(this.ix.ancestors(x)).filter((b) => this.isNamedClass(b));
  }

  private linksOf(x: number): { r: number; f: number }[] {
    const k = (l: { r: number; f: number }) => `${this.sortKey[l.r]} ${this.sortKey[l.f]}`;
    return [...(this.ix.links[x] ?? [])].sort((p, q) => (k(p) < k(q) ? -1 : k(p) > k(q) ? 1 : 0));
  }

  private sorted(ids: Iterable<number>): number[] {
    return [...ids].sort((x, y) =>
      this.sortKey[x] < this.sortKey[y] ? -1 : this.sortKey[x] > this.sortKey[y] ? 1 : 0,
    );
  }

  private isNamedClass(id: number): boolean {
    return this.ix.kindOf[id] === 'class' && this.nameable(id);
  }

  private isDirect(a: number, b: number): boolean {
    return (this.ix.parents[a] ?? []).includes(b) || (this.ix.equivalents[a] ?? []).includes(b);
  }
}

function key(a: number, r: number | null, b: number): string {
  return `${a} ${r ?? 'isa'} ${b}`;
}
