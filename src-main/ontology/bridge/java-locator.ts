import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { UserError } from '../../core/errors';

const INSTALL_HINT =
  'Install a Java runtime 11 or newer (for example `apt-get install openjdk-17-jre-headless`, or Temurin from adoptium.net) ' +
  'and make sure `java` is on PATH or JAVA_HOME points to it.';

/** JAVA_HOME wins over PATH, as every Java tool does, so users can pin a runtime. */
export function locateJava(env: NodeJS.ProcessEnv = process.env): string {
  const exe = process.platform === 'win32' ? 'java.exe' : 'java';
  if (env.OARAG_JAVA) {
    if (existsSync(env.OARAG_JAVA)) return env.OARAG_JAVA;
    throw new UserError(
      'java-missing',
      `OARAG_JAVA points to ${env.OARAG_JAVA}, which does not exist. ${INSTALL_HINT}`,
    );
  }
  if (env.JAVA_HOME) {
    const candidate = join(env.JAVA_HOME, 'bin', exe);
    if (existsSync(candidate)) return candidate;
  }
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, exe);
    if (existsSync(candidate)) return candidate;
  }
  throw new UserError('java-missing', `Java was not found. ${INSTALL_HINT}`);
}
