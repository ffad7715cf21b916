import { describe, expect, it } from 'vitest';
import { Log } from '../src/index.js';

describe('Log', () => {
  it('shares one array along a line of versions, and never shows a version another one’s items', () => {
    const a = Log.of([1, 2]);
    const b = a.append([3]);
    const c = b.append([4, 5]);
    expect([a.read(), b.read(), c.read()]).toEqual([[1, 2], [1, 2, 3], [1, 2, 3, 4, 5]]);
    // A step from an older version (one whose store write failed, say) branches off with a copy.
    const b2 = b.append([9]);
    expect(b2.read()).toEqual([1, 2, 3, 9]);
    expect(c.read()).toEqual([1, 2, 3, 4, 5]);
    expect(a.append([7]).read()).toEqual([1, 2, 7]);
    expect(JSON.stringify({ log: b })).toBe('{"log":[1,2,3]}');
  });

  it('keeps its first items apart from the array it was made from', () => {
    const items = [1];
    const a = Log.of(items);
    items.push(2);
    expect(a.append([3]).read()).toEqual([1, 3]);
  });
});
