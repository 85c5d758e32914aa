// The deployment files (Dockerfile, compose.yaml, deploy/Caddyfile), checked without a container engine, which these
// machines do not run: parsed, and held to what docs/deploy.md promises of them.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DockerfileParser, type Instruction } from 'dockerfile-ast';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { SETTING_NAMES } from '../config.ts';

const rootDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const read = (path: string) => readFileSync(join(rootDir, path), 'utf8');

describe('Dockerfile', () => {
  const dockerfile = DockerfileParser.parse(read('Dockerfile'));
  const instructions = dockerfile.getInstructions();
  const stages = dockerfile.getFROMs();
  const finalStageStart = instructions.indexOf(stages.at(-1) as Instruction);
  const finalStage = instructions.slice(finalStageStart);
  const args = (i: Instruction) => i.getArgumentsContent() ?? '';

  it('builds in one stage and runs from another that holds production dependencies only', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    const installs = finalStage.filter((i) => i.getKeyword() === 'RUN' && /\bnpm ci\b/.test(args(i)));
    expect(installs).toHaveLength(1);
    expect(args(installs[0]!)).toContain('--omit=dev');
    expect(read('Dockerfile')).toMatch(/COPY --from=build \/app\/pwa\/dist pwa\/dist/);
  });

  it('runs as an unprivileged user with a health check, in production mode, stopping on SIGTERM', () => {
    const user = finalStage.filter((i) => i.getKeyword() === 'USER').at(-1);
    expect(user && args(user)).toBe('node');
    expect(finalStage.some((i) => i.getKeyword() === 'HEALTHCHECK' && args(i).includes('/healthz'))).toBe(true);
    expect(finalStage.some((i) => i.getKeyword() === 'ENV' && /NODE_ENV=production/.test(args(i)))).toBe(true);
    const cmd = finalStage.find((i) => i.getKeyword() === 'CMD');
    // The exec form, so that SIGTERM reaches node itself and the graceful shutdown runs.
    expect(cmd && args(cmd)).toMatch(/^\[/);
  });

  it('runs the built server, with the malloc setting and node flags that npm start gives it', async () => {
    const { MALLOC_ENV, NODE_FLAGS } = (await import('../../scripts/runtime-settings.mjs' as string)) as {
      MALLOC_ENV: Record<string, string>;
      NODE_FLAGS: string[];
    };
    const cmd = finalStage.find((i) => i.getKeyword() === 'CMD');
    expect(JSON.parse(args(cmd!))).toEqual(['node', ...NODE_FLAGS, 'sync-server/dist/index.mjs']);
    expect(read('Dockerfile')).toMatch(/COPY --from=build \/app\/sync-server\/dist sync-server\/dist/);
    for (const [name, value] of Object.entries(MALLOC_ENV)) {
      expect(finalStage.some((i) => i.getKeyword() === 'ENV' && args(i).includes(`${name}=${value}`)), name).toBe(true);
    }
  });

  it("installs postgres.js with the repository's patches in both stages (ADR 015)", () => {
    const firstStage = instructions.slice(0, finalStageStart);
    const at = (list: Instruction[], test: (i: Instruction) => boolean) => list.findIndex(test);
    const ci = (list: Instruction[]) => at(list, (i) => i.getKeyword() === 'RUN' && /\bnpm ci\b/.test(args(i)));
    // The build stage's install runs the root's postinstall (patch-package), which reads patches/.
    const patches = at(firstStage, (i) => i.getKeyword() === 'COPY' && /^patches\/? /.test(args(i)));
    expect(patches, 'COPY patches/ in the build stage').toBeGreaterThanOrEqual(0);
    expect(patches, 'patches/ copied before npm ci').toBeLessThan(ci(firstStage));
    // The final stage has no patch-package (a dev dependency): it drops the postinstall and takes the patched package.
    expect(args(finalStage[ci(finalStage)]!)).toContain('npm pkg delete scripts.postinstall');
    const line = (i: Instruction) => read('Dockerfile').split('\n')[i.getRange().start.line] ?? '';
    const copied = at(finalStage, (i) => /^COPY --from=build \/app\/node_modules\/postgres node_modules\/postgres$/.test(line(i)));
    expect(copied, 'COPY --from=build /app/node_modules/postgres after npm ci').toBeGreaterThan(ci(finalStage));
    expect(JSON.parse(read('package.json')).scripts.postinstall).toMatch(/^patch-package\b/);
  });

  it('copies only paths that exist, and keeps local clutter out of the build context', () => {
    for (const copy of instructions.filter((i) => i.getKeyword() === 'COPY' && !/--from=/.test(read('Dockerfile').split('\n')[i.getRange().start.line] ?? ''))) {
      const parts = args(copy).split(/\s+/);
      for (const source of parts.slice(0, -1)) expect(existsSync(join(rootDir, source)), `COPY ${source}`).toBe(true);
    }
    const ignored = read('.dockerignore').split('\n');
    for (const path of ['node_modules', '.env', 'data', '.git']) expect(ignored).toContain(path);
  });
});

describe('compose.yaml', () => {
  const compose = parse(read('compose.yaml')) as {
    services: Record<string, { build?: string; image?: string; environment?: Record<string, string>; volumes?: string[] }>;
  };
  const settings = new Set(SETTING_NAMES);

  it('runs Postgres, two instances of the app and Caddy', () => {
    const apps = Object.entries(compose.services).filter(([, s]) => s.build === '.');
    expect(apps.map(([name]) => name)).toEqual(['app1', 'app2']);
    expect(compose.services.postgres?.image).toMatch(/^postgres:/);
    expect(compose.services.caddy?.image).toMatch(/^caddy:/);
    expect(compose.services.caddy?.volumes).toContain('./deploy/Caddyfile:/etc/caddy/Caddyfile:ro');
  });

  it('passes the app only settings that config.ts knows, and the ones production needs', () => {
    for (const [, app] of Object.entries(compose.services).filter(([, s]) => s.build === '.')) {
      const names = Object.keys(app.environment ?? {});
      for (const name of names) expect(settings.has(name), `${name} is not a setting of config.ts`).toBe(true);
      for (const needed of ['DATABASE_URL', 'PUBLIC_URL', 'TRUST_PROXY', 'SMTP_URL', 'STRIPE_SECRET_KEY', 'METRICS_TOKEN']) {
        expect(names, needed).toContain(needed);
      }
      expect(app.environment?.SEED_DEMO_DATA).toBe('never');
    }
  });

  it('every setting of config.ts is explained in .env.example', () => {
    const example = read('.env.example');
    for (const name of settings) expect(example, name).toMatch(new RegExp(`^# ${name}=`, 'm'));
  });
});

describe('deploy/Caddyfile', () => {
  const caddyfile = read('deploy/Caddyfile');
  it('balances both instances, checks their readiness and passes the sync streams through unbuffered', () => {
    expect(caddyfile).toMatch(/reverse_proxy app1:8787 app2:8787/);
    expect(caddyfile).toMatch(/health_uri \/readyz/);
    expect(caddyfile).toMatch(/flush_interval -1/);
    expect(caddyfile).toMatch(/lb_try_duration/);
  });
});
