/**
 * Checks of how a page is laid out, as a player sees it in the window: nothing outside the window,
 * a popover inside it, names broken only between words, a table that scrolls saying so, and the
 * part of the table players look at not covered by a bar, a panel or a flash.
 */
import type { Locator, Page } from 'playwright-core';

/** A box in window coordinates. */
export interface Box { readonly left: number; readonly top: number; readonly right: number; readonly bottom: number }

/**
 * What reaches outside the window on the right (or makes the page wider than it): the page's own
 * width, then every visible element whose box ends past the right edge — but an element inside a box
 * that scrolls or clips sideways by design, itself inside the window. Empty: nothing.
 */
export async function outsideWindow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const doc = document.documentElement;
    const width = window.innerWidth;
    if (doc.scrollWidth > width) out.push(`the page is ${doc.scrollWidth}px wide in a ${width}px window`);
    const inScroller = (el: Element): boolean => {
      for (let a = el.parentElement; a !== null && a !== document.body; a = a.parentElement) {
        const o = getComputedStyle(a).overflowX;
        if (o === 'auto' || o === 'scroll' || o === 'hidden' || o === 'clip') return a.getBoundingClientRect().right <= width + 1;
      }
      return false;
    };
    const name = (el: Element) => `${el.tagName.toLowerCase()}.${String(el.className).split(' ').slice(0, 2).join('.')} "${(el.textContent ?? '').trim().slice(0, 30)}"`;
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      // Not shown: hidden, or inside a closed disclosure (its summary is shown).
      if (!el.checkVisibility({ visibilityProperty: true, contentVisibilityAuto: true }) || el.closest('.visually-hidden, .skip')) continue;
      if (r.right > width + 1 && !inScroller(el)) out.push(`${name(el)} ends at ${Math.round(r.right)}px`);
    }
    return out.slice(0, 10);
  });
}

/** The element's box in the window, or null when it is not shown. */
export async function boxOf(locator: Locator): Promise<Box | null> {
  const b = await locator.boundingBox();
  return b === null ? null : { left: b.x, top: b.y, right: b.x + b.width, bottom: b.y + b.height };
}

/** What of `box` lies outside a window `width` wide and `height` high (empty: nothing). */
export function outsideOf(box: Box, width: number, height: number): string[] {
  const out: string[] = [];
  if (box.left < 0) out.push(`starts ${Math.round(-box.left)}px left of the window`);
  if (box.right > width + 0.5) out.push(`ends ${Math.round(box.right - width)}px right of the window`);
  if (box.top < 0) out.push(`starts ${Math.round(-box.top)}px above the window`);
  if (box.bottom > height + 0.5) out.push(`ends ${Math.round(box.bottom - height)}px below the window`);
  return out;
}

/**
 * Text broken inside a word: for each element matched, every line break of its text falls next to
 * a space (a name wrapped by word, or kept on one line and cut with an ellipsis, passes; "Ana" set
 * one letter a line fails; Japanese may break between any two of its characters). Returns the broken texts, as "text: line starts at 'x'".
 */
export async function wordsBroken(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((sel) => {
    const out: string[] = [];
    for (const el of Array.from(document.querySelectorAll(sel))) {
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      const chars: { ch: string; top: number }[] = [];
      for (let n = walker.nextNode(); n !== null; n = walker.nextNode()) {
        const text = n.textContent ?? '';
        for (let i = 0; i < text.length; i++) {
          const range = document.createRange();
          range.setStart(n, i);
          range.setEnd(n, i + 1);
          const rects = range.getClientRects();
          if (rects.length === 0) continue;
          chars.push({ ch: text[i]!, top: Math.round(rects[0]!.top) });
        }
      }
      for (let i = 1; i < chars.length; i++) {
        const newLine = chars[i]!.top > chars[i - 1]!.top + 2;
        // Japanese and Chinese break between any two characters of their scripts: no space is needed there.
        const cjk = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー]/u;
        const between = (c: string) => /\s/.test(c) || cjk.test(c);
        if (newLine && !between(chars[i]!.ch) && !between(chars[i - 1]!.ch)) {
          out.push(`${(el.textContent ?? '').trim()}: a line starts at '${chars[i]!.ch}'`);
          break;
        }
      }
    }
    return out;
  }, selector);
}

/**
 * A region that scrolls sideways says so and takes the keyboard: for each element matched that is
 * wider inside than its box, it takes a Tab stop (tabindex 0), is a region with a name, and shows an
 * edge over the hidden side (a gradient painted by its background). Returns what is missing.
 */
export async function scrollersUnmarked(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((sel) => {
    const out: string[] = [];
    for (const el of Array.from(document.querySelectorAll<HTMLElement>(sel))) {
      if (el.scrollWidth <= el.clientWidth + 1 || el.closest('details:not([open])') !== null) continue;
      const what = `${el.className} (${el.scrollWidth}px in ${el.clientWidth}px)`;
      if (el.tabIndex !== 0) out.push(`${what}: no Tab stop`);
      const named = (el.getAttribute('aria-label') ?? '').trim() !== ''
        || (el.getAttribute('aria-labelledby') ?? '').split(' ').some((id) => (document.getElementById(id)?.textContent ?? '').trim() !== '');
      if (el.getAttribute('role') !== 'region' || !named) out.push(`${what}: not a named region`);
      if (!getComputedStyle(el).backgroundImage.includes('gradient')) out.push(`${what}: no edge shows that it scrolls`);
    }
    return out;
  }, selector);
}

/**
 * What covers the middle of each element matched, as the window shows it now: for every one whose
 * middle is in the window, the element on top there must be inside it. Returns what covers which.
 */
export async function coveredMiddles(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((sel) => {
    const out: string[] = [];
    for (const el of Array.from(document.querySelectorAll(sel))) {
      const r = el.getBoundingClientRect();
      if (r.width === 0) continue;
      const x = r.left + r.width / 2;
      const y = r.top + r.height / 2;
      if (y < 0 || y > window.innerHeight || x < 0 || x > window.innerWidth) {
        out.push(`${el.tagName.toLowerCase()}.${String(el.className).split(' ')[0]}: its middle is outside the window (${Math.round(y)}px)`);
        continue;
      }
      const top = document.elementFromPoint(x, y);
      if (top !== null && !el.contains(top)) {
        const by = top.closest('[class]') ?? top;
        out.push(`${el.tagName.toLowerCase()}.${String(el.className).split(' ')[0]} covered by ${by.tagName.toLowerCase()}.${String(by.className).split(' ').slice(0, 2).join('.')}`);
      }
    }
    return out;
  }, selector);
}

/** Whether two boxes overlap (by more than a pixel). */
export function overlap(a: Box, b: Box): boolean {
  return a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
}

/**
 * How much of the table players look at (`selector`: the felt, the players' lines) the window shows
 * uncovered: as the page is scrolled now (`'now'`), or at the best scroll position a player could
 * choose (`'best'`: the table's top tried at every 16 px of the window's height). The window is
 * sampled every 4 px down the table's middle line; a sample counts when the element on top there is
 * the table's own. Returns the uncovered height, the table's height inside the window, and what
 * covers the rest; the page is left where it was.
 */
export async function tableShown(page: Page, selector: string, when: 'now' | 'best'): Promise<{ shown: number; height: number; coveredBy: string[] }> {
  return page.evaluate(({ sel, when }) => {
    const el = document.querySelector(sel);
    if (el === null) throw new Error(`no ${sel} on the page`);
    const measure = () => {
      const r = el.getBoundingClientRect();
      const x = r.left + r.width / 2;
      const from = Math.max(0, r.top);
      const to = Math.min(window.innerHeight, r.bottom);
      let shown = 0;
      const by = new Set<string>();
      for (let y = from + 2; y < to; y += 4) {
        const top = document.elementFromPoint(x, y);
        if (top !== null && el.contains(top)) shown += 4;
        else if (top !== null) {
          const c = top.closest('.learn-lesson, .sf-dock, .f7-dock, .notice, [class]') ?? top;
          by.add(`${c.tagName.toLowerCase()}.${String(c.className).split(' ')[0]}`);
        }
      }
      return { shown: Math.min(shown, Math.max(0, to - from)), height: Math.max(0, to - from), coveredBy: [...by] };
    };
    if (when === 'now') return measure();
    const start = window.scrollY;
    let best = measure();
    for (let y = 0; y < window.innerHeight; y += 16) {
      window.scrollBy(0, el.getBoundingClientRect().top - y);
      const m = measure();
      if (m.shown > best.shown) best = m;
    }
    window.scrollTo(0, start);
    return best;
  }, { sel: selector, when });
}
