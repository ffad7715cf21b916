/**
 * A memo table for the round solver: integer keys below 2^53 to a value and, optionally, a bust
 * and a Flip 7 chance, in flat typed arrays with open addressing (linear probing). A JavaScript
 * `Map` stops at 2^24 entries and spends ~80 bytes on each; this spends 16 bytes per slot (32 with
 * the chances) and is refilled into one twice the size at 70% full, so it holds the hundreds of
 * millions of states of a full-deck solve — given the capacity up front, without ever growing.
 */
export class F7StateTable {
  private keys: Float64Array;
  private vals: Float64Array;
  private busts: Float64Array | null;
  private sevens: Float64Array | null;
  private cap: number;
  /** Entries stored. */
  size = 0;
  /** The slot of the last successful `find` (read its value, bust and Flip 7 chance there). */
  slot = -1;

  /**
   * `withChances`: also keep a bust and a Flip 7 chance per entry; `capacity`: slots to start with;
   * `maxCapacity`: never grow past it (a RangeError instead of a refill that would not fit in memory).
   */
  constructor(readonly withChances = true, capacity = 4096, readonly maxCapacity = Infinity) {
    this.cap = Math.max(16, Math.ceil(capacity));
    this.keys = new Float64Array(this.cap);
    this.vals = new Float64Array(this.cap);
    this.busts = withChances ? new Float64Array(this.cap) : null;
    this.sevens = withChances ? new Float64Array(this.cap) : null;
  }

  get capacity(): number { return this.cap; }

  /** Bytes held by the table's arrays. */
  get bytes(): number { return this.cap * (this.withChances ? 32 : 16); }

  /** A 32-bit mix of the key, scaled to a slot (multiply-shift: any capacity, no modulo). */
  private home(key: number): number {
    const lo = key >>> 0;
    const hi = (key / 4294967296) >>> 0;
    let h = Math.imul(lo ^ Math.imul(hi, 0x9e3779b1), 0x85ebca77);
    h ^= h >>> 15;
    h = Math.imul(h, 0xc2b2ae3d);
    h = (h ^ (h >>> 13)) >>> 0;
    return Math.floor((h * this.cap) / 4294967296);
  }

  /** True when `key` is stored; then `slot` points at it. Keys are stored plus one (0 marks an empty slot). */
  find(key: number): boolean {
    const k = key + 1;
    const keys = this.keys, cap = this.cap;
    let i = this.home(key);
    for (;;) {
      const at = keys[i]!;
      if (at === k) { this.slot = i; return true; }
      if (at === 0) return false;
      if (++i === cap) i = 0;
    }
  }

  value(): number { return this.vals[this.slot]!; }
  bust(): number { return this.busts === null ? 0 : this.busts[this.slot]!; }
  flip7(): number { return this.sevens === null ? 0 : this.sevens[this.slot]!; }

  set(key: number, value: number, bust: number, flip7: number): void {
    if (this.size + 1 > this.cap * 0.7) this.grow();
    const k = key + 1;
    const keys = this.keys, cap = this.cap;
    let i = this.home(key);
    while (keys[i] !== 0 && keys[i] !== k) if (++i === cap) i = 0;
    if (keys[i] === 0) this.size++;
    keys[i] = k;
    this.vals[i] = value;
    if (this.busts !== null) { this.busts[i] = bust; this.sevens![i] = flip7; }
  }

  private grow(): void {
    const { keys, vals, busts, sevens } = this;
    if (this.cap * 2 > this.maxCapacity) throw new RangeError(`the solver's table is full (${this.size} states) and may not grow past ${this.maxCapacity} slots`);
    this.cap *= 2;
    const cap = this.cap;
    this.keys = new Float64Array(cap);
    this.vals = new Float64Array(cap);
    this.busts = busts === null ? null : new Float64Array(cap);
    this.sevens = sevens === null ? null : new Float64Array(cap);
    for (let j = 0; j < keys.length; j++) {
      const k = keys[j]!;
      if (k === 0) continue;
      let i = this.home(k - 1);
      while (this.keys[i] !== 0) if (++i === cap) i = 0;
      this.keys[i] = k;
      this.vals[i] = vals[j]!;
      if (busts !== null) { this.busts![i] = busts[j]!; this.sevens![i] = sevens![j]!; }
    }
  }
}
