/**
 * A new version of Parlor installed while a page is open (src/offline/update.ts), in Chromium: the
 * page, controlled by the service worker of one build, stays on its code when the worker of a new
 * build takes over, and says so with a Reload button; the reload brings the new version and the note
 * goes. The first worker taking over a fresh page says nothing. The build served is a copy, so that
 * the test can change its sw.js as a deployment would.
 */
import { appendFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../src/i18n/locales/en/common.json' with { type: 'json' };
import ja from '../../src/i18n/locales/ja/common.json' with { type: 'json' };
import { axeViolations, formatViolations } from './support/axe.js';
import { type Harness, WEB_DIST, person, screenshot, shouldSkip, startHarness, waitUntil, withFailureShots } from './support/e2e.js';

describe.skipIf(shouldSkip('update'))('a new version while a page is open', () => {
  let h: Harness;
  let root: string;
  const pages: Page[] = [];
  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'parlor-update-e2e-'));
    cpSync(WEB_DIST, root, { recursive: true });
    // No game is started here (the deals of the server's games would be `e2e update <n>`).
    h = await startHarness('update', { webRoot: root });
  });
  afterAll(async () => {
    await h?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('the page says a new version is ready, in its language; Later puts the note away', async () => {
    await withFailureShots('update', () => pages, async () => {
      const page = await person(h, 'Una');
      pages.push(page);
      const note = page.locator('.update-note');
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      await waitUntil(() => page.evaluate(() => navigator.serviceWorker.controller !== null), 30_000, 'the service worker to control the page');
      // The first worker to take the page is an install: nothing said.
      expect(await note.count()).toBe(0);
      await page.locator('.top select').selectOption('ja');
      await page.getByRole('heading', { name: ja.lobby.title, exact: true }).waitFor();

      // A new build is deployed: its service worker differs (served plain: its compressed copies go).
      appendFileSync(join(root, 'sw.js'), '\n// the next build\n');
      rmSync(join(root, 'sw.js.br'), { force: true });
      rmSync(join(root, 'sw.js.gz'), { force: true });
      await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.update()));
      await note.waitFor({ timeout: 30_000 });
      expect(await note.getAttribute('role')).toBe('status');
      expect(await note.locator('span').textContent()).toBe(ja.app.update.ready);
      expect(formatViolations(await axeViolations(page)), 'axe, with the note').toEqual([]);
      await screenshot(page, 'update-ready');
      // On a phone the note fits the window: no sideways scroll, its buttons in reach.
      await page.setViewportSize({ width: 390, height: 844 });
      const box = await note.boundingBox();
      expect(box).not.toBeNull();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(390);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      for (const name of [ja.app.update.reload, ja.app.update.later]) {
        const b = await note.getByRole('button', { name }).boundingBox();
        expect(b !== null && b.x >= 0 && b.x + b.width <= 390 && b.y >= 0 && b.y + b.height <= 844, `${name} inside the window`).toBe(true);
      }
      expect(formatViolations(await axeViolations(page)), 'axe, with the note, 390x844').toEqual([]);
      await screenshot(page, 'update-ready-390');

      // Later: the note goes, the page stays as it is.
      await note.getByRole('button', { name: ja.app.update.later }).click();
      expect(await note.count()).toBe(0);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('ja');
    });
  }, 120_000);

  it('Reload brings the new version: the note is gone after it', async () => {
    await withFailureShots('update-reload', () => pages, async () => {
      const page = await person(h, 'Vic');
      pages.push(page);
      const note = page.locator('.update-note');
      await waitUntil(() => page.evaluate(() => navigator.serviceWorker.controller !== null), 30_000, 'the service worker to control the page');
      appendFileSync(join(root, 'sw.js'), '\n// and the one after\n');
      await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.update()));
      await note.waitFor({ timeout: 30_000 });
      expect(await note.locator('span').textContent()).toBe(en.app.update.ready);
      await Promise.all([page.waitForEvent('load'), note.getByRole('button', { name: en.app.update.reload }).click()]);
      await page.getByRole('heading', { name: en.lobby.title, exact: true }).waitFor();
      // The reloaded page is controlled from its start by the worker that took over, and no other
      // worker is installing or waiting: no take-over can come that would say a new version is ready.
      await waitUntil(() => page.evaluate(async () => {
        const r = await navigator.serviceWorker.getRegistration();
        const controller = navigator.serviceWorker.controller;
        return r !== undefined && r.active !== null && r.installing === null && r.waiting === null
          && controller !== null && controller.scriptURL === r.active.scriptURL;
      }), 30_000, 'the new worker alone, controlling the reloaded page');
      expect(await note.count()).toBe(0);
      expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    });
  }, 120_000);
});
