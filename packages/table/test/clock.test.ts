import { describe, expect, it } from 'vitest';
import { TestClock } from '../src/index.js';

describe('TestClock', () => {
  it('stands still until advanced, then fires what falls due in order, at its own moment', () => {
    const clock = new TestClock({ start: 1_000 });
    const fired: [string, number][] = [];
    clock.after(300, () => fired.push(['b', clock.now()]));
    clock.after(100, () => {
      fired.push(['a', clock.now()]);
      clock.after(100, () => fired.push(['a2', clock.now()])); // armed while firing: due at 1,200
    });
    clock.after(300, () => fired.push(['c', clock.now()]));
    expect(clock.now()).toBe(1_000);
    clock.advance(99);
    expect(fired).toEqual([]);
    clock.advance(250);
    expect(fired).toEqual([['a', 1_100], ['a2', 1_200], ['b', 1_300], ['c', 1_300]]);
    expect(clock.now()).toBe(1_349);
    expect(clock.pending).toBe(0);
  });

  it('never fires a cancelled timer', () => {
    const clock = new TestClock();
    let fired = false;
    const cancel = clock.after(10, () => { fired = true; });
    cancel();
    clock.advance(1_000);
    expect(fired).toBe(false);
    expect(clock.pending).toBe(0);
  });

  it('running, fires on real time too, and a jump ahead fires at once', async () => {
    const clock = new TestClock({ start: 0, running: true });
    const order: string[] = [];
    const soon = new Promise<void>((resolve) => clock.after(5, () => { order.push('real'); resolve(); }));
    clock.after(60_000, () => order.push('jumped'));
    await soon;
    expect(order).toEqual(['real']);
    clock.advance(60_000);
    expect(order).toEqual(['real', 'jumped']);
    expect(clock.now()).toBeGreaterThanOrEqual(60_000);
  });
});

describe('TestClock, auto', () => {
  it('fires each timer on its own, once the work under way has run, its time jumping to it', async () => {
    const clock = new TestClock({ start: 0, auto: true });
    const fired: [string, number][] = [];
    const done = new Promise<void>((resolve) => {
      clock.after(60_000, () => { fired.push(['late', clock.now()]); resolve(); });
      clock.after(5, () => fired.push(['soon', clock.now()]));
    });
    await done;
    expect(fired).toEqual([['soon', 5], ['late', 60_000]]);
    expect(clock.nextDue()).toBeNull();
  });
});
