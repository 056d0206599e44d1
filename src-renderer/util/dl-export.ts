import type { DlQueryResult } from '../../src-main/api/contract';
import { toCsv, toTsv, type ExportFile, type ExportFormat } from './table-export';

/** A DL query's answer as rows: one per class, with what it is to the expression. */
export function dlRows(r: DlQueryResult): string[][] {
  const rows = (relation: string, xs: { iri: string | null; name: string }[]) =>
    xs.map((x) => [relation, x.name, x.iri ?? '']);
  return [
    ...rows('equivalent', r.equivalents),
    ...rows('superclass', r.superclasses),
    ...rows('subclass', r.subclasses),
  ];
}

export function exportDlQuery(r: DlQueryResult, format: ExportFormat, stem = 'dl-query'): ExportFile {
  const columns = ['relation', 'name', 'iri'];
  if (format === 'json')
    return {
      fileName: `${stem}.json`,
      mime: 'application/json',
      content:
        JSON.stringify(
          {
            expression: r.expression,
            reasoner: r.reasoner,
            satisfiable: r.satisfiable,
            equivalents: r.equivalents,
            superclasses: r.superclasses,
            subclasses: r.subclasses,
          },
          null,
          2,
        ) + '\n',
    };
  return format === 'csv'
    ? { fileName: `${stem}.csv`, mime: 'text/csv', content: toCsv(columns, dlRows(r)) }
    : { fileName: `${stem}.tsv`, mime: 'text/tab-separated-values', content: toTsv(columns, dlRows(r)) };
}
