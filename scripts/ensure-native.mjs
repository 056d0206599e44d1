// better-sqlite3 may have been rebuilt for Electron's ABI (electron-builder install-app-deps);
// tests and the CLI run under plain Node, so rebuild it for Node when it does not load here.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

function loads() {
  try {
    const Database = require('better-sqlite3');
    new Database(':memory:').close();
    return null;
  } catch (e) {
    return e;
  }
}

const err = loads();
if (err) {
  if (
    !/NODE_MODULE_VERSION|was compiled against a different Node\.js version|invalid ELF|Could not locate the bindings/.test(
      String(err.message),
    )
  ) {
    console.error(`better-sqlite3 does not load: ${err.message}`);
    process.exit(1);
  }
  console.error('better-sqlite3 was built for another runtime; rebuilding it for this Node…');
  const r = spawnSync('npm', ['rebuild', 'better-sqlite3'], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
  delete require.cache[require.resolve('better-sqlite3')];
  const again = spawnSync(process.execPath, ['-e', "new (require('better-sqlite3'))(':memory:').close()"], {
    stdio: 'inherit',
  });
  if (again.status !== 0) process.exit(1);
}
