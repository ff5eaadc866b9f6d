// `npm run structure`: draws docs/structure.md, the folders of the code and the imports between them,
// by layer, from what dependency-cruiser reads (the same graph `npm run lint:structure` checks for
// cycles and for imports that point up a layer). Each arrow is "imports"; every arrow points down.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const OUT = path.join(ROOT, 'docs', 'structure.md');

interface Layer {
  name: string;
  /** Which folder (as `folderOf` names it) belongs to the layer. */
  holds: (folder: string) => boolean;
}

const SERVER_APP =
  /^server\/(app|main|context|compose|prepare|job-registry|sweeps)\.ts$|^server\/(seed|plugins|observability|checks|openapi)$/;
const SIDES: Array<{ title: string; prefix: string; layers: Layer[] }> = [
  {
    title: 'Server',
    prefix: 'server',
    layers: [
      { name: 'app: composition and wiring', holds: (f) => SERVER_APP.test(f) },
      { name: 'features', holds: (f) => f.startsWith('server/features/') },
      { name: 'infrastructure', holds: (f) => f.startsWith('server') },
      { name: 'domain', holds: (f) => f === 'domain' },
    ],
  },
  {
    title: 'Client',
    prefix: 'client/src',
    layers: [
      { name: 'app: router, layout, composition', holds: (f) => /^client\/src\/(app|main\.tsx)/.test(f) },
      { name: 'features', holds: (f) => f.startsWith('client/src/features/') },
      { name: 'shared', holds: (f) => f.startsWith('client/src') },
      { name: 'domain', holds: (f) => f === 'domain' },
    ],
  },
];

/** A feature, a top-level folder, or a top-level file: the unit the drawing shows. */
function folderOf(file: string): string {
  const feature = /^(server\/features\/[^/]+|client\/src\/features\/[^/]+)\//.exec(file);
  if (feature) return feature[1]!;
  if (file.startsWith('domain/')) return 'domain';
  const top = /^(server|client\/src)\/([^/]+)\//.exec(file);
  return top ? `${top[1]}/${top[2]}` : file;
}

interface Cruised {
  modules: Array<{ source: string; dependencies: Array<{ resolved: string }> }>;
}
const json = execFileSync(
  'npx',
  ['depcruise', 'domain', 'server', 'client/src', '--config', '.dependency-cruiser.cjs', '-T', 'json'],
  { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
);
const cruised = JSON.parse(json) as Cruised;
const ours = (file: string) => /^(domain|server|client\/src)\//.test(file) && !/\.test\.tsx?$/.test(file);

const sections: string[] = [];
const upward: string[] = [];
for (const side of SIDES) {
  const layerOf = (folder: string) => side.layers.findIndex((l) => l.holds(folder));
  const edges = new Set<string>();
  const folders = new Set<string>();
  for (const m of cruised.modules) {
    if (!ours(m.source) || !(m.source.startsWith(side.prefix) || m.source.startsWith('domain/'))) continue;
    const from = folderOf(m.source);
    folders.add(from);
    for (const d of m.dependencies) {
      if (!ours(d.resolved) || !(d.resolved.startsWith(side.prefix) || d.resolved.startsWith('domain/')))
        continue;
      const to = folderOf(d.resolved);
      folders.add(to);
      if (from === to) continue;
      edges.add(`${from}\t${to}`);
      if (layerOf(to) < layerOf(from)) upward.push(`${from} → ${to}`);
    }
  }
  const id = (folder: string) => folder.replace(/[^a-zA-Z0-9]/g, '_');
  const label = (folder: string) => folder.replace(`${side.prefix}/`, '').replace('features/', '');
  const lines = ['```mermaid', 'flowchart TB'];
  side.layers.forEach((layer, i) => {
    lines.push(`  subgraph L${i}_${side.title}["${layer.name}"]`);
    for (const f of [...folders].filter((x) => layerOf(x) === i).sort())
      lines.push(`    ${id(f)}["${label(f)}"]`);
    lines.push('  end');
  });
  for (const e of [...edges].sort()) {
    const [from, to] = e.split('\t') as [string, string];
    lines.push(`  ${id(from)} --> ${id(to)}`);
  }
  lines.push('```');
  sections.push(`## ${side.title}: ${folders.size} folders, ${edges.size} arrows\n\n${lines.join('\n')}`);
}

fs.writeFileSync(
  OUT,
  [
    '# The structure drawing',
    '',
    'Made by `npm run structure` (scripts/structure.ts) from the imports dependency-cruiser reads; do not',
    'edit by hand. A box is a feature, a top-level folder or a top-level file (tests left out); an arrow',
    'means "imports". Layers run top to bottom and every arrow points down or sideways within the',
    'features (whose arrows form no cycle): `npm run lint` fails on a cycle or an arrow pointing up',
    '(`.dependency-cruiser.cjs`, eslint-plugin-boundaries in `eslint.config.js`).',
    '',
    ...sections.flatMap((s) => [s, '']),
  ].join('\n'),
);
console.log(`${path.relative(ROOT, OUT)} written; arrows pointing up a layer: ${upward.length}`);
for (const u of upward) console.log(`  up: ${u}`);
if (upward.length) process.exitCode = 1;
