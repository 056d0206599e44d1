// Tarjan's strongly connected components of a directed graph (a Map from a node to the nodes it points at), for
// the cycle checks (check-cycles.mjs over files, check-java-cycles.mjs over Java packages). Edges to nodes outside
// the map are ignored.

/** The components that form a cycle: two or more nodes, or one node that points at itself. */
export function cyclicComponents(graph) {
  let index = 0;
  const idx = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const cycles = [];
  function strong(v) {
    idx.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!idx.has(w)) {
        strong(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const comp = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        comp.push(w);
      } while (w !== v);
      if (comp.length > 1 || (graph.get(v) ?? []).includes(v)) cycles.push(comp);
    }
  }
  for (const v of graph.keys()) if (!idx.has(v)) strong(v);
  return cycles;
}
