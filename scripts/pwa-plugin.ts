import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import type { Plugin } from 'vite';
import type { OutputBundle } from 'rolldown';

/** The page colours of styles.css (`--background`), as browsers paint the installed app's frame. */
const THEME_COLORS = { light: '#f9fafb', dark: '#0c0e13' } as const;
/** The icon's own indigo: the background of the icons a system crops to its own shape. */
const BRAND = '#6366f1';

interface IconSpec {
  file: string;
  size: number;
  /** `maskable` and iOS's are drawn on a full bleed; null: not in the manifest. */
  purpose: 'any' | 'maskable' | null;
}

/** The sizes browsers ask for: 192 and 512 (Chrome's install), maskable 512, iOS's 180. */
const ICONS: readonly IconSpec[] = [
  { file: 'icons/icon-192.png', size: 192, purpose: 'any' },
  { file: 'icons/icon-512.png', size: 512, purpose: 'any' },
  { file: 'icons/maskable-512.png', size: 512, purpose: 'maskable' },
  { file: 'icons/apple-touch-icon.png', size: 180, purpose: null },
];

async function render(svg: Buffer, size: number): Promise<Buffer> {
  // The SVG is drawn on a 32-unit grid: a density for the size it is drawn at keeps it sharp.
  return sharp(svg, { density: Math.ceil((72 * size) / 32) })
    .resize(size, size)
    .png()
    .toBuffer();
}

async function icon(svg: Buffer, spec: IconSpec): Promise<Buffer> {
  if (spec.purpose === 'any') return render(svg, spec.size);
  // Systems that crop to their own shape want a full bleed: the rounded corners are filled. The
  // mark spans the middle 62%, inside the safe circle of 80% a maskable icon keeps.
  return sharp({
    create: { width: spec.size, height: spec.size, channels: 4, background: BRAND },
  })
    .composite([{ input: await render(svg, spec.size) }])
    .png()
    .toBuffer();
}

function manifest(): string {
  return JSON.stringify(
    {
      name: 'Agora',
      short_name: 'Agora',
      description: 'Share posts, follow friends and talk with your communities.',
      id: '/',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: THEME_COLORS.light,
      background_color: THEME_COLORS.light,
      icons: ICONS.filter((spec) => spec.purpose !== null).map((spec) => ({
        src: `/${spec.file}`,
        sizes: `${spec.size}x${spec.size}`,
        type: 'image/png',
        purpose: spec.purpose,
      })),
    },
    null,
    2,
  );
}

/** The entry's chunks and styles, which every page needs: what the shell is made of. */
function shellFiles(bundle: OutputBundle): string[] {
  const files = new Set<string>();
  const visit = (fileName: string) => {
    const chunk = bundle[fileName];
    if (!chunk || chunk.type !== 'chunk' || files.has(fileName)) return;
    files.add(fileName);
    const css = (chunk as { viteMetadata?: { importedCss: Set<string> } }).viteMetadata
      ?.importedCss;
    for (const style of css ?? []) files.add(style);
    chunk.imports.forEach(visit);
  };
  for (const output of Object.values(bundle)) {
    if (output.type === 'chunk' && output.isEntry) visit(output.fileName);
  }
  return [...files].sort();
}

/**
 * Makes Agora installable at build time: the icons drawn from `favicon.svg` in the sizes
 * browsers ask for, the web app manifest and the page's links to it with the theme colours of
 * both schemes, and the service worker (`web/pwa/service-worker.js`)
 * with the shell's files and a version that changes with them, so a deploy replaces the cache.
 */
export function pwa(options: { iconSvg: string; serviceWorker: string }): Plugin {
  return {
    name: 'agora:pwa',
    apply: 'build',
    transformIndexHtml: () => [
      ...(['light', 'dark'] as const).map((scheme) => ({
        tag: 'meta',
        attrs: {
          name: 'theme-color',
          media: `(prefers-color-scheme: ${scheme})`,
          content: THEME_COLORS[scheme],
        },
        injectTo: 'head' as const,
      })),
      { tag: 'link', attrs: { rel: 'manifest', href: '/manifest.webmanifest' }, injectTo: 'head' },
      {
        tag: 'link',
        attrs: { rel: 'apple-touch-icon', href: '/icons/apple-touch-icon.png' },
        injectTo: 'head',
      },
    ],
    async generateBundle(_output, bundle) {
      const svg = await readFile(options.iconSvg);
      for (const spec of ICONS) {
        this.emitFile({ type: 'asset', fileName: spec.file, source: await icon(svg, spec) });
      }
      this.emitFile({ type: 'asset', fileName: 'manifest.webmanifest', source: manifest() });
      const precache = [
        '/',
        '/manifest.webmanifest',
        '/favicon.svg',
        ...ICONS.map((spec) => `/${spec.file}`),
        ...shellFiles(bundle).map((file) => `/${file}`),
      ];
      const worker = await readFile(options.serviceWorker, 'utf8');
      const version = createHash('sha256')
        .update(JSON.stringify(precache))
        .update(worker)
        .digest('hex')
        .slice(0, 12);
      this.emitFile({
        type: 'asset',
        fileName: 'sw.js',
        source: `const VERSION = ${JSON.stringify(version)};\nconst PRECACHE = ${JSON.stringify(precache)};\n${worker}`,
      });
    },
  };
}
