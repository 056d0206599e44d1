import { describe, expect, it } from 'vitest';
import { UserError } from '../../../src-main/core/errors';
import { asTyped, withTypedPaths } from '../../../src-main/core/shown-paths';

const CWD = '/srv/oarag/app';

describe('asTyped', () => {
  it('shows a relative path as typed, not resolved against the server folder', () => {
    expect(asTyped(`No file at ${CWD}/nope.owl.`, ['nope.owl'], CWD)).toBe('No file at nope.owl.');
    expect(asTyped(`No file at ${CWD}/sub/x.owl.`, ['./sub/../sub/x.owl'], CWD)).toBe('No file at ./sub/../sub/x.owl.');
    expect(asTyped(`cannot parse file://${CWD}/a%20b.owl`, ['a b.owl'], CWD)).toBe('cannot parse a b.owl');
  });

  it('keeps an absolute path the user typed, even under the server folder', () => {
    expect(asTyped(`No file at ${CWD}/x.owl.`, [`${CWD}/x.owl`], CWD)).toBe(`No file at ${CWD}/x.owl.`);
  });

  it('shows other paths under the server folder relative to it, and the folder itself as .', () => {
    expect(asTyped(`imports ${CWD}/imports/ro.owl failed`, [], CWD)).toBe('imports imports/ro.owl failed');
    expect(asTyped(`in ${CWD}: nothing`, [], CWD)).toBe('in .: nothing');
  });

  it('leaves alone paths that only share a prefix with the server folder', () => {
    const m = `see ${CWD}line/x.owl and /home/u${CWD}/y.owl`;
    expect(asTyped(m, [], CWD)).toBe(m);
  });

  it('leaves a message without paths unchanged', () => {
    expect(asTyped('Opening was cancelled.', ['nope.owl'], CWD)).toBe('Opening was cancelled.');
  });
});

describe('withTypedPaths', () => {
  it('rewrites the message and keeps the class, code and detail', () => {
    const e = new UserError('not-found', `No file at ${CWD}/nope.owl.`, { n: 1 });
    const out = withTypedPaths(e, ['nope.owl'], CWD);
    expect(out).toBeInstanceOf(UserError);
    expect(out).toMatchObject({ code: 'not-found', message: 'No file at nope.owl.', detail: { n: 1 } });
    expect(withTypedPaths('not an error', [], CWD)).toBe('not an error');
  });
});
