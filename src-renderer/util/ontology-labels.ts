/** What the views call each open ontology: its title, plus where it came from when titles collide. */

export interface Labelled {
  id: string;
  path: string;
  summary: { title?: string | null };
}

function segments(path: string): string[] {
  return path.split(/[\\/]+/).filter(Boolean);
}

function tail(path: string, n: number): string {
  return segments(path).slice(-n).join('/');
}

/**
 * Title alone when it is unique among the open ontologies; otherwise "Title (po.obo)", with as many
 * trailing folders as it takes to tell the files apart ("Title (v2/po.obo)"). No title: the file name.
 */
export function ontologyLabels(list: readonly Labelled[]): Record<string, string> {
  const base = (o: Labelled) => (o.summary.title ?? '').trim() || tail(o.path, 1) || o.path;
  const groups = new Map<string, Labelled[]>();
  for (const o of list) groups.set(base(o), [...(groups.get(base(o)) ?? []), o]);
  const out: Record<string, string> = {};
  for (const [name, group] of groups) {
    if (group.length === 1) {
      out[group[0].id] = name;
      continue;
    }
    const depth = Math.max(...group.map((o) => segments(o.path).length));
    let n = 1;
    while (n < depth && new Set(group.map((o) => tail(o.path, n))).size < group.length) n++;
    for (const o of group) {
      const where = tail(o.path, n);
      out[o.id] = where === name ? `${name} (${o.path})` : `${name} (${where})`;
    }
  }
  return out;
}
