/**
 * Proves that biome.json holds the import arrows of ARCHITECTURE.md: each rule refuses a
 * file planted in a temporary copy of the source trees, and files that follow the arrows pass
 * untouched. The real tree is only read: a run that stops half-way leaves nothing in it.
 */
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const biome = join(root, 'node_modules/.bin/biome');

// Names the planted files, so each is plainly a probe in Biome's report.
const token = `lint-probe-${process.pid}`;
const web = 'apps/web/src';
const server = 'apps/server/src';

interface Probe {
  path: string;
  source: string;
}

interface Diagnostic {
  category: string;
  message: string;
  location: { path: string };
}

/** A file that re-exports from each specifier, so no import is unused. */
function probe(folder: string, name: string, specifiers: string[]): Probe {
  const source = specifiers
    .map((specifier, index) => `export { probe as probe${index} } from '${specifier}';\n`)
    .join('');
  return { path: `${folder}/${token}-${name}.ts`, source };
}

const refused = {
  featureToFeature: probe(`${web}/features/catalog/components`, 'feature', [
    '../../auth/api/session',
  ]),
  featureRootToFeature: probe(`${web}/features/checkout`, 'feature-root', ['../profile/api/esims']),
  deepFeatureToFeature: probe(`${web}/features/help/${token}/deep`, 'feature-deep', [
    '../../../catalog/routes/landing-page',
  ]),
  featureToApp: probe(`${web}/features/profile/routes`, 'app', ['../../../app/router']),
  componentToFeature: probe(`${web}/components`, 'feature', ['../features/auth/api/session']),
  libToFeature: probe(`${web}/lib`, 'feature', ['../features/checkout/api/create-session']),
  libToApp: probe(`${web}/lib`, 'app', ['../app/router']),
  integrationToModule: probe(`${server}/integrations/esimgo`, 'module', [
    '../../modules/orders/service',
  ]),
  integrationToApp: probe(`${server}/integrations/gateway`, 'app', ['../../app']),
  integrationToSandbox: probe(`${server}/integrations/mail`, 'sandbox', [
    '../../sandbox/mailbox/routes',
  ]),
  sandboxToModule: probe(`${server}/sandbox/gateway`, 'module', ['../../modules/orders/service']),
  moduleToRepository: probe(`${server}/modules/orders`, 'repository', ['../esims/repository']),
  moduleToNamedRepository: probe(`${server}/modules/support`, 'repository', [
    '../auth/auth-repository',
  ]),
  serverCycle: probe(`${server}/lib`, 'cycle-a', [`./${token}-cycle-b`]),
  serverCycleBack: probe(`${server}/lib`, 'cycle-b', [`./${token}-cycle-a`]),
  webCycle: probe(`${web}/lib`, 'cycle-a', [`./${token}-cycle-b`]),
  webCycleBack: probe(`${web}/lib`, 'cycle-b', [`./${token}-cycle-a`]),
};

const allowed = {
  feature: probe(`${web}/features/catalog/components`, 'clean', [
    '../api/plans',
    './plan-card',
    '../../../lib/api-client',
    '../../../components/dialog',
    '@tern/contract',
  ]),
  featureRoot: probe(`${web}/features/checkout`, 'clean', [
    './api/create-session',
    '../../lib/brand',
  ]),
  deepFeature: probe(`${web}/features/help/${token}/deep`, 'clean', [
    '../../content/faq',
    '../../../../lib/page-meta',
    '../../../../components/dialog',
  ]),
  component: probe(`${web}/components`, 'clean', ['../lib/brand', './dialog', '@tern/contract']),
  integration: probe(`${server}/integrations/esimgo`, 'clean', [
    './schemas',
    '../../lib/clock',
    '../../db/client',
    '../http/client',
  ]),
  sandbox: probe(`${server}/sandbox/esimgo`, 'clean', [
    '../../integrations/esimgo/schemas',
    '../../db/client',
  ]),
  module: probe(`${server}/modules/orders`, 'clean', [
    './repository',
    '../esims/service',
    '../auth/auth-service',
    '../catalog/plugin',
    '../../integrations/gateway/client',
  ]),
};

let diagnostics: Diagnostic[] = [];

/**
 * A copy of the two source trees and of biome.json (with git out of it: the copy is no
 * checkout), where the probes can be planted and linted as if they were in the real tree.
 */
function copyOfTheTrees(): string {
  const copy = mkdtempSync(join(tmpdir(), 'tern-lint-rules-'));
  for (const tree of [web, server]) cpSync(join(root, tree), join(copy, tree), { recursive: true });
  const config = JSON.parse(readFileSync(join(root, 'biome.json'), 'utf8')) as {
    $schema?: string;
    vcs?: object;
  };
  delete config.$schema;
  config.vcs = { enabled: false };
  writeFileSync(join(copy, 'biome.json'), JSON.stringify(config));
  return copy;
}

/** Writes every probe into a copy of the trees, lints them in one Biome run, keeps the findings. */
function lintProbes(probes: Probe[]): Diagnostic[] {
  const copy = copyOfTheTrees();
  try {
    for (const { path, source } of probes) {
      mkdirSync(join(copy, dirname(path)), { recursive: true });
      writeFileSync(join(copy, path), source);
    }
    const run = spawnSync(
      biome,
      ['lint', '--reporter=json', '--max-diagnostics=none', ...probes.map((p) => p.path)],
      { cwd: copy, encoding: 'utf8' },
    );
    const report = JSON.parse(run.stdout) as { diagnostics: Diagnostic[] };
    return report.diagnostics;
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

function findingsIn(target: Probe): Diagnostic[] {
  return diagnostics.filter((d) => d.location.path === target.path);
}

function expectRefused(target: Probe, category: string, message: string): void {
  expect(findingsIn(target)).toContainEqual(
    expect.objectContaining({ category, message: expect.stringContaining(message) }),
  );
}

const restricted = 'lint/style/noRestrictedImports';

describe('the linter holds the layers', () => {
  const probes = [...Object.values(refused), ...Object.values(allowed)];

  beforeAll(() => {
    diagnostics = lintProbes(probes);
  }, 60_000);

  it('refuses a web feature importing another feature, at any depth', () => {
    const message = 'A web feature imports no other feature';
    expectRefused(refused.featureToFeature, restricted, message);
    expectRefused(refused.featureRootToFeature, restricted, message);
    expectRefused(refused.deepFeatureToFeature, restricted, message);
  });

  it('refuses a web feature importing the app shell', () => {
    expectRefused(refused.featureToApp, restricted, 'A web feature does not import src/app');
  });

  it('refuses src/components or src/lib importing a feature or the app shell', () => {
    const message = 'src/components and src/lib serve every feature and import none';
    expectRefused(refused.componentToFeature, restricted, message);
    expectRefused(refused.libToFeature, restricted, message);
    expectRefused(refused.libToApp, restricted, 'do not import src/app');
  });

  it('refuses integrations/ importing a module, app.ts or a stand-in', () => {
    expectRefused(refused.integrationToModule, restricted, 'integrations/ knows no module');
    expectRefused(refused.integrationToApp, restricted, 'integrations/ does not import app.ts');
    expectRefused(refused.integrationToSandbox, restricted, 'integrations/ knows no stand-in');
  });

  it('refuses sandbox/ importing a module', () => {
    expectRefused(refused.sandboxToModule, restricted, 'sandbox/ knows no module');
  });

  it("refuses a module importing another module's repository", () => {
    const message = 'reach another module through its service, never its repository';
    expectRefused(refused.moduleToRepository, restricted, message);
    expectRefused(refused.moduleToNamedRepository, restricted, message);
  });

  it('refuses an import cycle on the server and on the web', () => {
    const cycle = 'lint/suspicious/noImportCycles';
    expectRefused(refused.serverCycle, cycle, 'part of a cycle');
    expectRefused(refused.webCycle, cycle, 'part of a cycle');
  });

  it('sees every web feature file: none sits deeper than the depths biome.json covers', () => {
    // The feature rule is written per folder depth (features/F, F/x, F/x/y), because a
    // relative specifier climbs a different number of '..' from each; a deeper file would
    // escape it, so add an override for that depth before nesting further.
    const features = join(root, web, 'features');
    const tooDeep = readdirSync(features, { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file))
      .filter((file) => file.split(sep).length > 4);
    expect(tooDeep).toEqual([]);
  });

  it('passes files whose imports follow the arrows', () => {
    for (const target of Object.values(allowed)) {
      expect(findingsIn(target), target.path).toEqual([]);
    }
  });
});
