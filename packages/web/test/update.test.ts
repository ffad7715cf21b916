import { describe, expect, it } from 'vitest';
import { watchForUpdate } from '../src/offline/update.js';

// A new version of Parlor taking over an open page (offline/update.ts): said once, and only when
// the page was already controlled by a previous version's service worker.

/** A stand-in for navigator.serviceWorker: its controller changes when a worker takes the page. */
class Container extends EventTarget {
  constructor(public controller: object | null) { super(); }
  takeOver(): void { this.controller = {}; this.dispatchEvent(new Event('controllerchange')); }
}

describe('a new version', () => {
  it('a page already controlled is told when a new worker takes it over, once', () => {
    const sw = new Container({});
    const watch = watchForUpdate(sw);
    let told = 0;
    watch.subscribe(() => { told++; });
    expect(watch.ready()).toBe(false);
    sw.takeOver();
    expect(watch.ready()).toBe(true);
    expect(told).toBe(1);
    sw.takeOver();
    expect(told).toBe(1);
  });

  it('the first worker taking a page that had none is an install, not an update; the next one is an update', () => {
    const sw = new Container(null);
    const watch = watchForUpdate(sw);
    let told = 0;
    const off = watch.subscribe(() => { told++; });
    sw.takeOver();
    expect(watch.ready()).toBe(false);
    expect(told).toBe(0);
    sw.takeOver();
    expect(watch.ready()).toBe(true);
    expect(told).toBe(1);
    off();
  });

  it('a listener that left is not told', () => {
    const sw = new Container({});
    const watch = watchForUpdate(sw);
    let told = 0;
    watch.subscribe(() => { told++; })();
    sw.takeOver();
    expect(watch.ready()).toBe(true);
    expect(told).toBe(0);
  });
});
