// The web features drawn as one node each, from their imports (type imports included): prints the
// arrows between features and exits 1 if any group of features reaches itself, so the features can
// be read, and loaded, bottom-up (docs/architecture.md, "The web client, in layers").
// `npx tsx scripts/feature-graph.ts [--edges]`
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const featuresDir = join(root, 'web', 'features');
const importPattern =
  /(?:import|export)\s[^'"`;]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

function resolveImport(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = resolve(dirname(from), specifier);
  const candidates = ['', '.ts', '.tsx', `${sep}index.ts`, `${sep}index.tsx`].map(
    (ext) => base + ext,
  );
  return candidates.find((path) => existsSync(path) && statSync(path).isFile());
}

function featureOf(path: string): string | undefined {
  const rel = relative(featuresDir, path);
  if (rel.startsWith('..')) return undefined;
  return rel.split(sep)[0];
}

/** feature → imported feature → the importing files' imports, as `file → target`. */
const edges = new Map<string, Map<string, string[]>>();
for (const file of sourceFiles(featuresDir)) {
  const from = featureOf(file)!;
  const text = readFileSync(file, 'utf8');
  for (const match of text.matchAll(importPattern)) {
    const target = resolveImport(file, match[1] ?? match[2]!);
    const to = target && featureOf(target);
    if (!to || to === from) continue;
    const byTarget = edges.get(from) ?? new Map<string, string[]>();
    edges.set(from, byTarget);
    const list = byTarget.get(to) ?? [];
    list.push(`${relative(featuresDir, file)} → ${relative(featuresDir, target)}`);
    byTarget.set(to, list);
  }
}

const features = readdirSync(featuresDir).filter((name) =>
  statSync(join(featuresDir, name)).isDirectory(),
);

// Tarjan's strongly connected components: each group of two or more features is a cycle.
const index = new Map<string, number>();
const low = new Map<string, number>();
const stack: string[] = [];
const onStack = new Set<string>();
const groups: string[][] = [];
let counter = 0;
function visit(node: string): void {
  index.set(node, counter);
  low.set(node, counter);
  counter += 1;
  stack.push(node);
  onStack.add(node);
  for (const next of edges.get(node)?.keys() ?? []) {
    if (!index.has(next)) {
      visit(next);
      low.set(node, Math.min(low.get(node)!, low.get(next)!));
    } else if (onStack.has(next)) {
      low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
  }
  if (low.get(node) === index.get(node)) {
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    if (group.length > 1) groups.push(group.sort());
  }
}
for (const feature of features) if (!index.has(feature)) visit(feature);

const arrows = [...edges.values()].reduce((sum, byTarget) => sum + byTarget.size, 0);
if (process.argv.includes('--edges')) {
  for (const [from, byTarget] of [...edges].sort(([a], [b]) => a.localeCompare(b))) {
    for (const [to, imports] of [...byTarget].sort(([a], [b]) => a.localeCompare(b))) {
      console.log(`${from} → ${to} (${imports.length})`);
    }
  }
}
console.log(`${features.length} features, ${arrows} arrows between them`);
for (const group of groups) {
  console.log(`cycle between ${group.length} features: ${group.join(', ')}`);
  const members = new Set(group);
  for (const from of group) {
    for (const [to, imports] of edges.get(from) ?? []) {
      if (!members.has(to)) continue;
      for (const line of imports) console.log(`  ${line}`);
    }
  }
}
if (groups.length > 0) process.exit(1);
