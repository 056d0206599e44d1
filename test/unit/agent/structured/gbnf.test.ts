import { describe, expect, it } from 'vitest';
import { gbnfLiteral, trieRules } from '../../../../src-main/agent/structured/gbnf';

/** A tiny GBNF interpreter for the rule shapes trieRules writes: literals, rule refs, ( | ), ?. */
function matcher(rules: string[], start: string): (s: string) => boolean {
  const defs = new Map(rules.map((l) => [l.slice(0, l.indexOf(' ::= ')), l.slice(l.indexOf(' ::= ') + 5)]));
  type Node = { t: 'lit'; v: string } | { t: 'ref'; v: string } | { t: 'alt'; v: Node[][]; opt: boolean };
  const parse = (src: string): Node[] => {
    let i = 0;
    const seq = (): Node[] => {
      const out: Node[] = [];
      for (;;) {
        while (src[i] === ' ') i++;
        if (i >= src.length || src[i] === '|' || src[i] === ')') return out;
        if (src[i] === '"') {
          let v = '';
          i++;
          while (src[i] !== '"') {
            if (src[i] === '\\') {
              i++;
              v += src[i] === 'n' ? '\n' : src[i];
            } else v += src[i];
            i++;
          }
          i++;
          out.push({ t: 'lit', v });
        } else if (src[i] === '(') {
          i++;
          const alts = [seq()];
          while (src[i] === '|') {
            i++;
            alts.push(seq());
          }
          i++;
          const opt = src[i] === '?';
          if (opt) i++;
          out.push({ t: 'alt', v: alts, opt });
        } else {
          const m = /^[a-z0-9-]+/.exec(src.slice(i))![0];
          i += m.length;
          out.push({ t: 'ref', v: m });
        }
      }
    };
    return seq();
  };
  const ends = (nodes: Node[], s: string, pos: number): number[] => {
    let cur = [pos];
    for (const n of nodes) {
      const next: number[] = [];
      for (const p of cur) {
        if (n.t === 'lit') {
          if (s.startsWith(n.v, p)) next.push(p + n.v.length);
        } else if (n.t === 'ref') next.push(...ends(parse(defs.get(n.v)!), s, p));
        else {
          if (n.opt) next.push(p);
          for (const a of n.v) next.push(...ends(a, s, p));
        }
      }
      cur = [...new Set(next)];
    }
    return cur;
  };
  return (s) => ends(parse(defs.get(start)!), s, 0).includes(s.length);
}

describe('trieRules', () => {
  const words = ['cell', 'cell part', 'cellular component', 'nucleus', 'nucleolus', 'nuclear envelope', 'x'];
  const m = matcher(trieRules('cname', words), 'cname');

  it('matches exactly the listed names, prefixes of each other included', () => {
    for (const w of words) expect(m(w), w).toBe(true);
    for (const w of ['cel', 'cell p', 'nucle', 'nucleuss', 'y', '', 'cellular']) expect(m(w), w).toBe(false);
  });

  it('shares prefixes instead of listing names flat', () => {
    const rules = trieRules('cname', words);
    expect(rules[0]).toMatch(/^cname ::= \( "cell/);
    expect(rules.join('\n')).not.toContain('"nucleus" | "nucleolus"');
  });

  it('escapes quotes and backslashes in literals', () => {
    expect(gbnfLiteral('a"b\\c\nd')).toBe('"a\\"b\\\\c\\nd"');
    const q = matcher(trieRules('q', ['say "hi"', 'back\\slash']), 'q');
    expect(q('say "hi"')).toBe(true);
    expect(q('back\\slash')).toBe(true);
  });

  it('gives a rule that matches nothing for an empty list', () => {
    expect(trieRules('none', [])).toEqual(['none ::= [\\x00]']);
  });
});
