/**
 * Tried/clean counts per probe family, printed at the end of each fuzz file so a run shows what was
 * replayed (the issue's closing note quotes them). A probe is clean when its outcome is one of the
 * expected ones; the tests assert every probe is clean, so a failure names the first one that was not.
 */
export class FuzzTally {
  private readonly rows = new Map<string, { tried: number; clean: number; bad: string[] }>();

  record(family: string, probe: string, clean: boolean): void {
    if (process.env.OARAG_FUZZ_VERBOSE) console.log(`[fuzz] ${family} ${clean ? 'clean' : 'NOT CLEAN'}: ${probe}`);
    const r = this.rows.get(family) ?? { tried: 0, clean: 0, bad: [] };
    r.tried++;
    if (clean) r.clean++;
    else r.bad.push(probe);
    this.rows.set(family, r);
  }

  bad(family: string): string[] {
    return this.rows.get(family)?.bad ?? [];
  }

  print(): void {
    for (const [family, r] of this.rows)
      console.log(
        `[fuzz] ${family}: ${r.tried} tried, ${r.clean} clean${r.bad.length ? `; not clean: ${r.bad.slice(0, 5).join(' | ')}` : ''}`,
      );
  }
}
