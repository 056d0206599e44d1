// Runs Maven in the ELK bridge's folder for the scripts that need it (its tests, its format check): an argument
// array, never a shell (`cmd.exe /c` for mvn.cmd on Windows), output captured, stopped at a time limit.
import { spawn } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const bridgeDir = join(resolve(dirname(fileURLToPath(import.meta.url)), '..'), 'resources', 'elk-bridge');

/** Runs mvn; resolves with its exit code (null when it could not start) and its combined output. */
export function mvn(args, limitMs) {
  return new Promise((done) => {
    const child =
      process.platform === 'win32'
        ? spawn('cmd.exe', ['/d', '/s', '/c', 'mvn', ...args], {
            cwd: bridgeDir,
            stdio: ['ignore', 'pipe', 'pipe'],
            windowsHide: true,
          })
        : spawn('mvn', args, { cwd: bridgeDir, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const keep = (d) => {
      output += d.toString();
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    const timer = setTimeout(() => {
      output += `\nMaven did not finish within ${limitMs / 60_000} minutes and was stopped.\n`;
      child.kill('SIGKILL');
    }, limitMs);
    child.on('error', (e) => {
      clearTimeout(timer);
      done({ code: null, output: `${output}\nCould not start Maven: ${e.message}\n` });
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      done({ code, output });
    });
  });
}
