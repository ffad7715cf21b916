/**
 * An append-only list shared by the versions of a game, so that a move adds to the game's events
 * without copying all those before it (a copy per move made a long game's every move cost its
 * whole past, in time and garbage). Each version sees its own first `length` items; appending to
 * a version that is not the newest copies first, so no version ever sees another's items.
 */
export class Log<T> {
  private constructor(private readonly items: T[], readonly length: number) {}

  static of<T>(items: readonly T[]): Log<T> {
    return new Log(items.slice(), items.length);
  }

  append(more: readonly T[]): Log<T> {
    const items = this.items.length === this.length ? this.items : this.items.slice(0, this.length);
    for (const x of more) items.push(x);
    return new Log(items, items.length);
  }

  /** This version's items, to read at once (not to keep: a later version may add to the same array). */
  read(): readonly T[] {
    return this.items.length === this.length ? this.items : this.items.slice(0, this.length);
  }

  toJSON(): readonly T[] {
    return this.read();
  }
}
