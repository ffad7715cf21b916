import { GAMES } from '@parlor/rules';
import { describe, expect, it } from 'vitest';
import { MAX_MESSAGE_BYTES, MAX_SEATS, MIN_SEATS, WINDOW_SETTING_NAMES, clientMessage, parseClientMessage, seatBounds } from '../src/index.js';

type Raw = Record<string, unknown>;

/** The registry's range of seats, worked out here on its own: the schema's bounds must be these. */
const FEWEST = Math.min(...Object.values(GAMES).map((g) => g.minPlayers));
const MOST = Math.max(...Object.values(GAMES).map((g) => g.maxPlayers));
/** A game that has the most seats. */
const LARGEST = Object.values(GAMES).find((g) => g.maxPlayers === MOST)!.id;

/** One valid form (or more) of every client message type (docs/protocol.md). */
const VALID: Record<string, Raw[]> = {
  hello: [{ type: 'hello' }, { type: 'hello', name: 'Ann' }, { type: 'hello', id: 'h1', token: 'tok', version: 1 }],
  ping: [{ type: 'ping' }, { type: 'ping', id: 7 }],
  'lobby.watch': [{ type: 'lobby.watch', id: 'w' }, { type: 'lobby.watch', mode: 'live' }, { type: 'lobby.watch', mode: 'turn-based', game: 'flip-7', freeSeats: true }],
  'lobby.unwatch': [{ type: 'lobby.unwatch' }],
  'table.create': [
    { type: 'table.create', game: 'flip-7', seats: 2 },
    { type: 'table.create', id: 1, game: 'stir-fry-eighteen', seats: 5, options: { target: 100 }, private: true, moveTimer: 30, responseWindow: 10 },
    { type: 'table.create', game: LARGEST, seats: MOST, moveTimer: 0 },
    { type: 'table.create', game: 'stir-fry-eighteen', seats: 3, turnBased: { moveSeconds: 86_400 } },
    { type: 'table.create', game: 'flip-7', seats: 2, turnBased: { moveSeconds: 4 * 3600, bankSeconds: 0, vacation: true } },
    { type: 'table.create', game: 'stir-fry-eighteen', seats: 2, turnBased: { moveSeconds: 7 * 86_400, bankSeconds: 14 * 86_400, windowSeconds: 300 } },
    { type: 'table.create', game: 'flip-7', seats: 4, minReliability: 80 }, { type: 'table.create', game: 'flip-7', seats: 2, minReliability: 100 },
  ],
  'table.watch': [{ type: 'table.watch', tableId: 'abc' }, { type: 'table.watch', tableId: 'abc', invite: 'secret' }],
  'table.unwatch': [{ type: 'table.unwatch', tableId: 'abc' }],
  'table.sit': [{ type: 'table.sit', tableId: 'abc', seat: 0 }, { type: 'table.sit', tableId: 'abc', seat: MOST - 1, invite: 'secret' }],
  'table.leave': [{ type: 'table.leave', tableId: 'abc', seat: 1 }],
  'table.back': [{ type: 'table.back', tableId: 'abc', seat: 1 }],
  'table.replace': [{ type: 'table.replace', tableId: 'abc', seat: 2 }],
  'table.bot.add': [{ type: 'table.bot.add', tableId: 'abc', seat: 1, level: 'random' }, { type: 'table.bot.add', tableId: 'abc', seat: 2, level: 'expert' }],
  'table.bot.remove': [{ type: 'table.bot.remove', tableId: 'abc', seat: 1 }],
  'table.start': [{ type: 'table.start', tableId: 'abc' }],
  'table.invite': [{ type: 'table.invite', tableId: 'abc', name: 'Bob' }, { type: 'table.invite', id: 3, tableId: 'abc', name: 'Zoë Ｚ' }],
  'table.again': [{ type: 'table.again', tableId: 'abc' }],
  'tournament.watch': [{ type: 'tournament.watch', tournamentId: 'cup' }, { type: 'tournament.watch', tournamentId: 'cup', invite: 'x' }],
  'tournament.unwatch': [{ type: 'tournament.unwatch', tournamentId: 'cup' }],
  'chat.send': [{ type: 'chat.send', tableId: 'abc', text: 'hello' }],
  action: [
    { type: 'action', tableId: 'abc', seat: 0, seq: 0, action: { type: 'hit' } },
    // The game action itself is the rules' to check: any value passes the schema.
    { type: 'action', tableId: 'abc', seat: 3, seq: 12, action: null },
  ],
};

/** For every type, a valid message with one field made wrong (field → wrong value). */
const BAD: Record<string, Raw[]> = {
  hello: [{ token: '' }, { token: 'x'.repeat(129) }, { version: 1.5 }, { name: 3 }, { name: 'x'.repeat(MAX_MESSAGE_BYTES + 1) }],
  ping: [{ id: 1.5 }, { id: 'x'.repeat(65) }, { id: null }],
  'lobby.watch': [{ id: {} }, { game: 'chess' }, { mode: 'turnBased' }, { mode: true }],
  'lobby.unwatch': [{ id: [] }],
  'table.create': [
    { game: 'chess' }, { game: undefined }, { seats: FEWEST - 1 }, { seats: MOST + 1 }, { seats: 2.5 }, { options: [] }, { options: 'fast' },
    { private: 'yes' }, { moveTimer: 45 }, { responseWindow: 0 }, { responseWindow: 601 }, { responseWindow: 2.5 },
    { turnBased: {} }, { turnBased: { moveSeconds: 3600 } }, { turnBased: { moveSeconds: 86_400, bankSeconds: -1 } },
    { turnBased: { moveSeconds: 86_400, bankSeconds: 14 * 86_400 + 1 } }, { turnBased: { moveSeconds: 86_400, windowSeconds: 299 } },
    { turnBased: { moveSeconds: 86_400, windowSeconds: 4 * 3600 + 1 } }, { turnBased: { moveSeconds: 86_400, vacation: 'yes' } }, { turnBased: true },
    { minReliability: 0 }, { minReliability: 101 }, { minReliability: 50.5 }, { minReliability: '80' },
  ],
  'table.watch': [{ tableId: '' }, { tableId: 'x'.repeat(41) }, { invite: 'x'.repeat(65) }],
  'table.unwatch': [{ tableId: 5 }],
  'table.sit': [{ seat: -1 }, { seat: MOST }, { seat: 0.5 }, { seat: '0' }],
  'table.leave': [{ seat: undefined }],
  'table.back': [{ seat: -1 }],
  'table.replace': [{ tableId: undefined }],
  'table.bot.add': [{ level: 'god' }, { level: undefined }],
  'table.bot.remove': [{ seat: MOST + 87 }],
  'table.start': [{ tableId: '' }],
  'table.invite': [{ name: '' }, { name: undefined }, { name: 7 }, { tableId: '' }, { name: 'x'.repeat(MAX_MESSAGE_BYTES + 1) }],
  'table.again': [{ tableId: null }],
  'tournament.watch': [{ tournamentId: '' }, { tournamentId: 'x'.repeat(41) }, { invite: 5 }],
  'tournament.unwatch': [{ tournamentId: 7 }],
  'chat.send': [{ text: '' }, { text: 'x'.repeat(2001) }, { text: 7 }],
  action: [{ seq: -1 }, { seq: 1.5 }, { seat: MOST }, { tableId: '' }, { action: undefined }],
};

const types = clientMessage.options.map((o) => o.shape.type.value as string);
const withField = (m: Raw, change: Raw): Raw => {
  const out: Raw = { ...m, ...change };
  for (const [k, v] of Object.entries(change)) if (v === undefined) delete out[k];
  return out;
};

describe('client messages', () => {
  it('every type of the protocol has examples here (a new type needs its own)', () => {
    expect(Object.keys(VALID).sort()).toEqual([...types].sort());
    expect(Object.keys(BAD).sort()).toEqual([...types].sort());
  });

  it.each(types)('%s: accepted in its valid forms, as given', (type) => {
    for (const m of VALID[type] ?? []) {
      const r = parseClientMessage(m);
      expect(r.error?.issues, JSON.stringify(m)).toBeUndefined();
      expect(r.data).toEqual(m);
    }
  });

  it.each(types)('%s: refused with a wrong field, naming it', (type) => {
    const base = VALID[type]![0]!;
    for (const change of BAD[type] ?? []) {
      const m = withField(base, change);
      const r = parseClientMessage(m);
      expect(r.success, JSON.stringify(change)).toBe(false);
      const [field] = Object.keys(change);
      // The first issue points at the wrong field (an unknown key is reported at the top).
      const issue = r.error!.issues[0]!;
      if (issue.code === 'unrecognized_keys') expect(issue.keys).toContain(field);
      else expect(issue.path[0], JSON.stringify(change)).toBe(field);
    }
  });

  it.each(types)('%s: strict (an unknown key is refused)', (type) => {
    for (const m of VALID[type]!) {
      const r = parseClientMessage({ ...m, extra: 1 });
      expect(r.success).toBe(false);
      expect(r.error!.issues).toEqual([expect.objectContaining({ code: 'unrecognized_keys', keys: ['extra'] })]);
    }
    // Inherited names are not keys either way: an own "constructor" key is unknown.
    expect(parseClientMessage({ ...VALID[type]![0]!, constructor: 'x' }).success).toBe(false);
  });

  it('refuses what is not a message: unknown or missing type, not an object', () => {
    for (const m of [{ type: 'nope' }, { type: 'constructor' }, { type: '__proto__' }, {}, { id: 1 }, null, 'ping', 42, [], [{ type: 'ping' }]]) {
      expect(parseClientMessage(m).success, JSON.stringify(m)).toBe(false);
    }
  });
});

describe('the bounds on seats follow the registry', () => {
  it('MIN_SEATS and MAX_SEATS are the fewest and the most seats of any registered game', () => {
    expect(MIN_SEATS).toBe(FEWEST);
    expect(MAX_SEATS).toBe(MOST);
  });

  it('seatBounds takes the fewest and the most over the games it is given', () => {
    expect(seatBounds([{ minPlayers: 3, maxPlayers: 4 }, { minPlayers: 2, maxPlayers: 16 }, { minPlayers: 5, maxPlayers: 6 }])).toEqual({ min: 2, max: 16 });
    expect(seatBounds([{ minPlayers: 1, maxPlayers: 1 }])).toEqual({ min: 1, max: 1 });
  });

  it('table.create takes every count from MIN_SEATS to MAX_SEATS, and no other', () => {
    const create = (seats: number) => parseClientMessage({ type: 'table.create', game: LARGEST, seats }).success;
    for (let n = MIN_SEATS; n <= MAX_SEATS; n++) expect(create(n), String(n)).toBe(true);
    expect(create(MIN_SEATS - 1)).toBe(false);
    expect(create(MAX_SEATS + 1)).toBe(false);
  });

  it('every message naming a seat takes 0 to MAX_SEATS − 1, and no other', () => {
    const seated = types.filter((t) => 'seat' in VALID[t]![0]!);
    expect(seated.length).toBeGreaterThan(0);
    for (const type of seated) {
      const at = (seat: number) => parseClientMessage({ ...VALID[type]![0]!, seat }).success;
      expect(at(0), type).toBe(true);
      expect(at(MAX_SEATS - 1), type).toBe(true);
      expect(at(MAX_SEATS), type).toBe(false);
      expect(at(-1), type).toBe(false);
    }
  });
});

describe("a response window's length under the game's own name", () => {
  const setting = GAMES['stir-fry-eighteen'].responseWindow!.setting;

  it('is Stir Fry Eighteen\'s tasteWindow, the one alias the protocol reads', () => {
    expect(setting).toBe('tasteWindow');
    expect(WINDOW_SETTING_NAMES).toEqual(['tasteWindow']);
  });

  it('table.create reads tasteWindow as responseWindow', () => {
    const r = parseClientMessage({ type: 'table.create', id: 'c', game: 'stir-fry-eighteen', seats: 3, tasteWindow: 10 });
    expect(r.error?.issues).toBeUndefined();
    expect(r.data).toEqual({ type: 'table.create', id: 'c', game: 'stir-fry-eighteen', seats: 3, responseWindow: 10 });
  });

  it('checks it as responseWindow (its range and its name in the error)', () => {
    const r = parseClientMessage({ type: 'table.create', game: 'stir-fry-eighteen', seats: 3, tasteWindow: 0 });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]!.path).toEqual(['responseWindow']);
  });

  it('does not override an explicit responseWindow: both given is refused, not read as the alias', () => {
    const r = parseClientMessage({ type: 'table.create', game: 'stir-fry-eighteen', seats: 3, responseWindow: 12, tasteWindow: 5 });
    expect(r.data).not.toMatchObject({ responseWindow: 5 });
    expect(r.success).toBe(false);
    expect(r.error!.issues).toEqual([expect.objectContaining({ code: 'unrecognized_keys', keys: ['tasteWindow'] })]);
  });

  it('is read on table.create only', () => {
    expect(parseClientMessage({ type: 'table.watch', tableId: 'abc', tasteWindow: 10 }).success).toBe(false);
    // The plain schema (without parseClientMessage) knows only responseWindow.
    expect(clientMessage.safeParse({ type: 'table.create', game: 'stir-fry-eighteen', seats: 3, tasteWindow: 10 }).success).toBe(false);
  });
});
