/**
 * A child for the kill-and-resume test: runs a reasoner-only evaluation through the Container, as `oarag
 * eval` does, and after each scored item writes the count of items scored so far to a file, synchronously
 * (so the count read after a SIGKILL is exact). argv: ontology dataset store countFile outJson.
 */
import { closeSync, openSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Container } from '../../src-main/container';

const [ontology, dataset, store, countFile, out] = process.argv.slice(2);
const c = new Container({
  env: { ...process.env, OARAG_DATA_DIR: join(dirname(store), 'data'), OARAG_CACHE_DIR: join(dirname(store), 'cache') },
});
await c.start();
const h = await c.ontologies.open(ontology);
const fd = openSync(countFile, 'w');
let total = 0;
writeSync(fd, 'started\n');
await c.evaluation.run(
  h,
  { datasetPath: dataset, method: 'reasoner-only', storePath: store, out, force: true },
  {
    onProgress: (p) => {
      const m = /^(\d+)\/(\d+) items/.exec(p.stage);
      if (m && Number(m[1]) !== total) {
        total = Number(m[1]);
        writeSync(fd, `${total}\n`);
      }
    },
  },
);
closeSync(fd);
await c.stop();
