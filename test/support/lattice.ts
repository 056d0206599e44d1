import { writeFileSync } from 'node:fs';

export const LATTICE = 'http://example.org/lattice#';

/**
 * An adversarial ontology for justifications: an n×n grid of classes, each a subclass of its right and
 * lower neighbours, and the far corner a subclass of owl:Nothing. Every class is unsatisfiable, and the
 * top corner has as many justifications as there are monotone paths through the grid (exponential in n).
 */
export function writeLattice(path: string, n: number): { path: string; top: string; bottom: string } {
  const c = (i: number, j: number) => `:C_${i}_${j}`;
  const lines = [`Prefix(:=<${LATTICE}>)`, 'Prefix(owl:=<http://www.w3.org/2002/07/owl#>)', `Ontology(<${LATTICE}>`];
  for (let i = 0; i < n; i++)
    for (let j = 0; j < n; j++) {
      lines.push(`Declaration(Class(${c(i, j)}))`);
      if (i + 1 < n) lines.push(`SubClassOf(${c(i, j)} ${c(i + 1, j)})`);
      if (j + 1 < n) lines.push(`SubClassOf(${c(i, j)} ${c(i, j + 1)})`);
    }
  lines.push(`SubClassOf(${c(n - 1, n - 1)} owl:Nothing)`, ')', '');
  writeFileSync(path, lines.join('\n'));
  return { path, top: `${LATTICE}C_0_0`, bottom: `${LATTICE}C_${n - 1}_${n - 1}` };
}

/** A small ordinary ontology of `n` classes in a chain. */
export function writeSmall(path: string, n = 10, base = 'http://example.org/small#'): string {
  const lines = [`Prefix(:=<${base}>)`, `Ontology(<${base}>`];
  for (let i = 0; i < n; i++) {
    lines.push(`Declaration(Class(:S${i}))`);
    if (i) lines.push(`SubClassOf(:S${i} :S${i - 1})`);
  }
  lines.push(')', '');
  writeFileSync(path, lines.join('\n'));
  return path;
}
