// @ts-check
// `npm start` and `npm test` must work on a fresh clone: install only when node_modules is missing or older
// than the lock file, so repeated runs stay fast. Every install ends with the root's postinstall, which applies
// patches/ (patch-package; ADR 015).
import { existsSync, statSync } from 'node:fs';
import { execSync } from 'node:child_process';

const stamp = 'node_modules/.package-lock.json';
const lock = existsSync('package-lock.json') ? 'package-lock.json' : 'package.json';
const stale = !existsSync(stamp) || statSync(stamp).mtimeMs < statSync(lock).mtimeMs;
if (stale) {
  console.log('Installing dependencies (first run or lock file changed)...');
  if (!existsSync('package-lock.json')) execSync('npm install --no-audit --no-fund', { stdio: 'inherit' });
  else {
    try {
      execSync('npm ci --no-audit --no-fund', { stdio: 'inherit' });
    } catch {
      // The registry reachable here lacks some platform builds that unrs-resolver (used by the lint's import
      // resolver) lists as optional, so the lock file cannot name them and `npm ci` refuses it as out of sync.
      // `npm install` skips unavailable optional packages and installs the locked versions of everything else.
      console.log('npm ci refused the lock file; installing with npm install instead...');
      execSync('npm install --no-audit --no-fund', { stdio: 'inherit' });
    }
  }
}
