import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAnswer } from '../../../../src-main/agent/frame/check-answer';
import { frameContext, type FrameContext } from '../../../../src-main/agent/frame/frame-deps';
import { optionVerdictText } from '../../../../src-main/agent/frame/option-verdict';
import { readQuestion } from '../../../../src-main/agent/frame/read-question';
import { QueryService } from '../../../../src-main/query/exec/query-service';
import { clinicalDump, EX, handleFromDump } from '../../../support/dump-fixture';

/**
 * Issue 37 defect 7: on a 3,000-deep chain each option listed 3,002 classes outside EL, and an MCP
 * check_answer reply for four options took 139 KB. An option now names at most 20, then "and N more".
 */
let blind: FrameContext;
let cleanup = () => {};
beforeAll(async () => {
  const f = await handleFromDump(clinicalDump(), undefined, { load: { outsideEl: [EX + 'HeartDisease'] } });
  cleanup = f.cleanup;
  const ctx = frameContext(f.handle, new QueryService(f.handle, { maxResults: 2 }).names);
  // As if every class of a 3,000-deep chain above the subject were outside EL.
  const many = Array.from({ length: 3002 }, (_, i) => `chain class ${String(i).padStart(4, '0')}`);
  blind = { ...ctx, deps: { ...ctx.deps, outsideEl: () => many } };
});
afterAll(() => cleanup());

describe('outside-EL names per option are bounded', () => {
  it('names 20 of them and counts the rest, in the JSON and in the text', () => {
    const q = {
      kind: 'mcq' as const,
      question: 'Which of these is a kind of heart disease?',
      options: [
        { key: 'A', name: 'myocarditis' },
        { key: 'B', name: 'virus' },
      ],
    };
    const c = checkAnswer({ question: q, answer: ['A', 'B'], reading: readQuestion(q, blind.lexicon) }, blind.deps);
    const virus = c.options!.find((o) => o.key === 'B')!;
    expect(virus.verdict).toBe('NOT ENTAILED');
    expect(virus.outsideEl).toHaveLength(20);
    expect(virus.outsideEl![0]).toBe('chain class 0000');
    expect(virus.outsideElMore).toBe(2982);
    expect(JSON.stringify(c).length).toBeLessThan(5000);
    const text = optionVerdictText(virus);
    expect(text).toMatch(
      /^NOT ENTAILED \(ELK ignores axioms about chain class 0000, .*chain class 0019 and 2982 more\)$/,
    );
    expect(text).not.toContain('chain class 0020');
  });

  it('leaves short lists whole, with no count', () => {
    expect(optionVerdictText({ verdict: 'NOT ENTAILED', outsideEl: ['a', 'b'] })).toBe(
      'NOT ENTAILED (ELK ignores axioms about a, b)',
    );
  });
});
