import type { Ann, DumpRecord } from '../../../../src-main/ontology/dump/dump-types';
import { EX, label } from '../../../support/dump-fixture';

/**
 * A small GO-like ontology as a hand-written dump: a process branch with regulation classes, an
 * anatomy branch, nine relations (one transitive, two sub-relations), told restrictions (stated) with
 * one link each, plus the awkward cases the generators must avoid: an obsolete class, an
 * unsatisfiable class, two classes sharing a label, a restriction with a complex filler.
 */
export function benchDump(): DumpRecord[] {
  const out: DumpRecord[] = [];
  const cls = (
    id: string,
    name: string,
    parents: string[],
    extra: { deprecated?: boolean; unsat?: boolean; anns?: Ann[] } = {},
  ) => {
    out.push({
      t: 'class',
      iri: EX + id,
      annotations: [label(name), ...(extra.anns ?? [])],
      deprecated: extra.deprecated ?? false,
    });
    // As in the bridge's dump: an unsatisfiable class has no place in the hierarchy.
    if (extra.unsat) out.push({ t: 'unsat', c: EX + id });
    else out.push({ t: 'hier', c: EX + id, parents: parents.map((p) => EX + p), equivalents: [] });
  };
  const prop = (id: string, name: string, parents: string[] = [], transitive = false) =>
    out.push({
      t: 'property',
      iri: EX + id,
      annotations: [label(name)],
      deprecated: false,
      transitive,
      reflexive: false,
      parents: parents.map((p) => EX + p),
      chains: [],
    });
  const stated = (s: string, r: string, f: string, kind: 'sub' | 'equiv' = 'sub') => {
    out.push({ t: 'stated', s: EX + s, r: EX + r, f: EX + f, text: f, kind });
    out.push({ t: 'link', s: EX + s, r: EX + r, f: EX + f });
  };

  prop('partOf', 'part of', [], true);
  prop('regulates', 'regulates');
  prop('posReg', 'positively regulates', ['regulates']);
  prop('negReg', 'negatively regulates', ['regulates']);
  prop('occursIn', 'occurs in');
  prop('hasInput', 'has input');
  prop('resultsIn', 'results in');
  prop('locatedIn', 'located in');
  prop('hasPart', 'has part');

  // Anatomy: anatomical entity > {organ, tissue, cell} > 3 each > 2 each.
  cls('Anat', 'anatomical entity', []);
  const anatKinds = ['organ', 'tissue', 'cell'];
  const anatLeaves: string[] = [];
  const anatMid: string[] = [];
  for (const k of anatKinds) {
    cls(k, k, ['Anat']);
    for (let i = 1; i <= 3; i++) {
      const mid = `${k}${i}`;
      cls(mid, `${k} type ${i}`, [k]);
      anatMid.push(mid);
      for (const s of ['a', 'b']) {
        const leaf = `${mid}${s}`;
        cls(leaf, `${k} type ${i}${s}`, [mid]);
        anatLeaves.push(leaf);
      }
    }
  }
  // Cells are parts of tissues, tissues of organs (told, one level up in the other kind).
  anatLeaves.forEach((leaf, i) => {
    if (leaf.startsWith('cell')) stated(leaf, 'partOf', anatMid[3 + (i % 3)]);
    else if (leaf.startsWith('tissue')) stated(leaf, 'partOf', anatMid[i % 3]);
  });

  // Processes: process > 4 kinds > 3 each > 2 each.
  cls('Proc', 'process', []);
  const procKinds = [
    ['met', 'metabolic process'],
    ['sig', 'signaling'],
    ['dev', 'development'],
    ['tra', 'transport'],
  ];
  const procLeaves: string[] = [];
  const procMid: string[] = [];
  for (const [k, name] of procKinds) {
    cls(k, name, ['Proc']);
    for (let i = 1; i <= 3; i++) {
      const mid = `${k}${i}`;
      cls(mid, `${name} ${i}`, [k]);
      procMid.push(mid);
      for (const s of ['a', 'b']) {
        const leaf = `${mid}${s}`;
        cls(leaf, `${name} ${i}${s}`, [mid]);
        procLeaves.push(leaf);
      }
    }
  }
  procLeaves.forEach((leaf, i) => {
    stated(leaf, 'occursIn', anatLeaves[(i * 5) % anatLeaves.length]);
    stated(leaf, 'partOf', procMid[(i + 4) % procMid.length]);
    if (i % 3 !== 2) stated(leaf, 'hasInput', anatMid[i % anatMid.length]);
    if (i % 4 !== 3) stated(leaf, 'resultsIn', anatLeaves[(i * 7) % anatLeaves.length]);
  });
  procMid.forEach((mid, i) => {
    if (i % 3 === 0) stated(mid, 'occursIn', anatMid[i % anatMid.length]);
  });

  // Regulation: biological regulation > regulation of X > positive / negative regulation of X.
  cls('Reg', 'biological regulation', ['Proc']);
  procMid.slice(0, 8).forEach((target, i) => {
    const name = `${procKinds[Math.floor(i / 3)][1]} ${(i % 3) + 1}`;
    cls(`reg_${target}`, `regulation of ${name}`, ['Reg']);
    stated(`reg_${target}`, 'regulates', target, i % 2 ? 'sub' : 'equiv');
    cls(`pos_${target}`, `positive regulation of ${name}`, [`reg_${target}`]);
    stated(`pos_${target}`, 'posReg', target, 'equiv');
    cls(`neg_${target}`, `negative regulation of ${name}`, [`reg_${target}`]);
    stated(`neg_${target}`, 'negReg', target, 'equiv');
    if (i % 2 === 0) stated(`pos_${target}`, 'occursIn', anatMid[i % anatMid.length]);
  });
  // A few located-in and has-part facts so that six relations appear in restrictions.
  stated('organ1a', 'locatedIn', 'organ2');
  stated('tissue1a', 'hasPart', 'cell1a');

  // Awkward cases.
  cls('Old', 'obsolete transport', ['tra'], { deprecated: true });
  stated('Old', 'occursIn', 'organ1a');
  cls('Bad', 'impossible process', ['met'], { unsat: true });
  stated('Bad', 'occursIn', 'organ3');
  cls('Junction1', 'junction', ['tissue']);
  cls('Junction2', 'junction', ['sig']);
  stated('Junction2', 'occursIn', 'Junction1');
  out.push({
    t: 'stated',
    s: EX + 'dev1a',
    r: EX + 'partOf',
    f: null,
    text: 'development 1 and (occurs in some organ)',
    kind: 'sub',
  });
  return out;
}

/** Names of the classes the generators must never put in options, conditions or answers. */
export const NEVER_USED = [EX + 'Old', EX + 'Bad', EX + 'Junction1', EX + 'Junction2'];
