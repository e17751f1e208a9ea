import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';
import { CONTEXT_DEFAULTS } from './contexts';
import { E2E_PORTS } from './ports';

// Debian's Chromium where it is installed (CI, this machine); Playwright's own browser elsewhere.
const systemChromium = '/usr/bin/chromium';

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  globalSetup: './global-setup.ts',
  // One file at a time: on the two-core machine Chromium keeps both cores busy with one browser
  // (89% busy), and two workers ran three files in the same 5 minutes as one worker did.
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // A bail-out, not a budget: on a busy two-core CI machine signing in two members alone has taken
  // 15 s, and the default 30 s ran out while the page was still making progress.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  outputDir: '../../test-results',
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORTS.app}`,
    // No trace by default: recording one (screenshots and DOM snapshots at every step, kept or
    // not) took a third of the suite's time on the two-core machine, where Chromium is what keeps
    // both cores busy (post-page.spec.ts: 72 s with it, 48 s without). To look into a failure, run
    // the file again with `--trace=retain-on-failure`.
    trace: 'off',
    ...CONTEXT_DEFAULTS,
    launchOptions: {
      executablePath: existsSync(systemChromium) ? systemChromium : undefined,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        // Calls: a fake camera and microphone, granted without a prompt (calls.spec.ts).
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
        '--autoplay-policy=no-user-gesture-required',
        // Both peers are on this machine, which in a container may have no other interface.
        '--allow-loopback-in-peer-connection',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
});
