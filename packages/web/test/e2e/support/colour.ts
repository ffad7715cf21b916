/**
 * What colour-blind-safe cards and still tables are checked with (colour.test.ts): each card's
 * accessible name and visible label, the animations that move something, and screenshots under
 * Chromium's simulated colour-vision deficiencies and forced colours.
 */
import type { Page } from 'playwright-core';
import { screenshot } from './e2e.js';
import type { CardFace } from './faces.js';

export { type CardFace, faceProblems } from './faces.js';

/**
 * Every card matching `selector`, its kind being the part of its class after `kindPrefix`
 * (`sf-ing-` → `shrimp`, `f7-c-` → `7`, `p2`, `freeze`).
 */
export async function cardFaces(page: Page, selector: string, kindPrefix: string): Promise<CardFace[]> {
  const cards = page.locator(selector);
  const out: CardFace[] = [];
  for (const card of await cards.all()) {
    const { kind, label } = await card.evaluate((el, prefix) => {
      const kindClass = Array.from(el.classList).find((c) => c.startsWith(prefix)) ?? '';
      const words: string[] = [];
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n !== null; n = walker.nextNode()) {
        const parent = n.parentElement;
        const text = n.textContent?.trim() ?? '';
        if (parent === null || text === '') continue;
        // Seen: drawn with some size, not a tooltip or anything hidden, not clipped to the 1px of text for screen readers only.
        const box = parent.getBoundingClientRect();
        if (box.width < 2 || box.height < 2 || !parent.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
        if (parent.closest('.visually-hidden, [role="tooltip"]') !== null) continue;
        words.push(text);
      }
      return { kind: kindClass.slice(prefix.length), label: words.join(' ').replace(/\s+/g, ' ') };
    }, kindPrefix);
    // The name alone: a state in brackets ("[pressed]") is not part of what tells a card apart.
    const name = (await card.ariaSnapshot()).replace(/ \[[^\]]*\]/g, '').replace(/\s+/g, ' ').trim();
    out.push({ kind, name, label });
  }
  return out;
}

/**
 * Starts recording every animation that moves something (its keyframes change transform,
 * translate, scale or rotate), CSS animations and script ones alike, into `window.moving`
 * (`<class of the element> <animation>`). Lasts as long as the document (the app changes pages
 * without reloading).
 */
export async function recordMotion(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { moving?: string[] };
    if (w.moving !== undefined) return;
    const moving: string[] = [];
    w.moving = moving;
    const MOVES = ['transform', 'translate', 'scale', 'rotate'];
    const moves = (frames: readonly Record<string, unknown>[]) => frames.some((f) => MOVES.some((p) => p in f && f[p] !== 'none' && f[p] !== ''));
    const what = (el: Element | null) => (el === null ? '?' : `${el.tagName.toLowerCase()}.${Array.from(el.classList).slice(0, 2).join('.')}`);
    const animate = Element.prototype.animate;
    Element.prototype.animate = function (this: Element, keyframes, options) {
      const a = animate.call(this, keyframes, options);
      if (moves((a.effect as KeyframeEffect | null)?.getKeyframes() ?? [])) moving.push(`${what(this)} script`);
      return a;
    };
    document.addEventListener('animationstart', (e) => {
      const el = e.target instanceof Element ? e.target : null;
      const a = el?.getAnimations().find((x) => (x as CSSAnimation).animationName === e.animationName);
      if (moves((a?.effect as KeyframeEffect | undefined)?.getKeyframes() ?? [])) moving.push(`${what(el)} ${e.animationName}`);
    }, true);
  });
}

/** What moved since the last call (and forgets it). */
export async function takeMoving(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const w = window as unknown as { moving?: string[] };
    return (w.moving ?? []).splice(0);
  });
}

/** The animations running now that move something (each `<element> <animation name or "script">`). */
export async function runningMotion(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const MOVES = ['transform', 'translate', 'scale', 'rotate'];
    return document.getAnimations().filter((a) => a.playState === 'running' && ((a.effect as KeyframeEffect | null)?.getKeyframes() ?? [])
      .some((f) => MOVES.some((p) => p in f && f[p] !== 'none' && f[p] !== '')))
      .map((a) => {
        const el = (a.effect as KeyframeEffect | null)?.target ?? null;
        return `${el === null ? '?' : `${el.tagName.toLowerCase()}.${Array.from(el.classList).slice(0, 2).join('.')}`} ${(a as CSSAnimation).animationName ?? 'script'}`;
      });
  });
}

/** The deficiencies the screenshots simulate (Chromium's `Emulation.setEmulatedVisionDeficiency`). */
export const DEFICIENCIES = ['protanopia', 'deuteranopia'] as const;

/**
 * Saves artifacts/e2e/colour/<name>-<protanopia|deuteranopia|forced-colors>.png: the page as a
 * person with each deficiency sees it, and in forced colours (a high-contrast theme); the page
 * is left as it was.
 */
export async function colourShots(page: Page, name: string, what: 'page' | 'window' = 'page'): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  try {
    for (const type of DEFICIENCIES) {
      await cdp.send('Emulation.setEmulatedVisionDeficiency', { type });
      await screenshot(page, `colour/${name}-${type}`, what);
    }
  } finally {
    await cdp.send('Emulation.setEmulatedVisionDeficiency', { type: 'none' });
    await cdp.detach();
  }
  await page.emulateMedia({ forcedColors: 'active' });
  try {
    await screenshot(page, `colour/${name}-forced-colors`, what);
  } finally {
    await page.emulateMedia({ forcedColors: 'none' });
  }
}

/**
 * In forced colours, the elements matching `selector` that lose their edge (no border drawn all
 * round): a card or a badge whose background the theme drops must keep its outline.
 */
export async function edgeless(page: Page, selector: string): Promise<string[]> {
  await page.emulateMedia({ forcedColors: 'active' });
  try {
    return await page.locator(selector).evaluateAll((els) => els.flatMap((el) => {
      const s = getComputedStyle(el);
      const sides = ['Top', 'Right', 'Bottom', 'Left'] as const;
      const drawn = sides.every((side) => s.getPropertyValue(`border-${side.toLowerCase()}-style`) !== 'none'
        && parseFloat(s.getPropertyValue(`border-${side.toLowerCase()}-width`)) >= 1);
      return drawn ? [] : [`${el.tagName.toLowerCase()}.${Array.from(el.classList).join('.')} "${(el.textContent ?? '').trim().slice(0, 30)}"`];
    }));
  } finally {
    await page.emulateMedia({ forcedColors: 'none' });
  }
}
