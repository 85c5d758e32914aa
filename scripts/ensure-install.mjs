// @ts-check
// `npm start` and `npm test` must work on a fresh clone: install only when node_modules is missing or older
// than the lock file, so repeated runs stay fast.
import { existsSync, statSync } from 'node:fs';
import { execSync } from 'node:child_process';

const stamp = 'node_modules/.package-lock.json';
const lock = existsSync('package-lock.json') ? 'package-lock.json' : 'package.json';
const stale = !existsSync(stamp) || statSync(stamp).mtimeMs < statSync(lock).mtimeMs;
if (stale) {
  console.log('Installing dependencies (first run or lock file changed)...');
  const cmd = existsSync('package-lock.json') ? 'npm ci --no-audit --no-fund' : 'npm install --no-audit --no-fund';
  execSync(cmd, { stdio: 'inherit' });
}
