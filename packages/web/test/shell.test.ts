import { PROTOCOL_ERRORS, type PlayerInfo, type SeatInfo, type ServerMessage, type TableSummary } from '@parlor/protocol';
import i18next from 'i18next';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import en from '../src/i18n/locales/en/common.json' with { type: 'json' };
import { fetchOnline } from '../src/ui/lobby/online.js';
import { MAX_REMEMBERED, NOTHING_REMEMBERED, type Remembered, foldRemembered } from '../src/ui/lobby/remembered.js';
import { yourTables } from '../src/ui/lobby/yours.js';

// The web shell's integration items: every protocol refusal in words, the first screen's online count
// from the HTTP API, "Your games" after a reload from what this browser saw, and the locale files
// that load only with the pages that need them.

const ann: PlayerInfo = { id: 'p-ann', name: 'Ann' };
const bob: PlayerInfo = { id: 'p-bob', name: 'Bob' };
const person = (seat: number, player: PlayerInfo): SeatInfo =>
  ({ seat, kind: 'player', player, connected: true, away: false, awayReason: null, disconnectedSince: null, standInAt: null });
const empty = (seat: number): SeatInfo => ({ seat, kind: 'empty' });
function summary(id: string, seats: SeatInfo[], over: Partial<TableSummary> = {}): TableSummary {
  return {
    id, game: 'flip-7', options: { target: 200 }, seats, status: 'open', private: false, moveTimer: 0, responseWindow: null,
    replaceAfter: 120, grace: 30, rated: false, creator: bob, gameNo: 0, spectators: 0, createdAt: '2026-01-01T00:00:00.000Z', ...over,
  };
}
const welcome = (player: PlayerInfo, seatedAt: string[]): ServerMessage =>
  ({ type: 'welcome', player, token: 't', seatedAt, version: 1, account: false, botLevels: { 'flip-7': [], 'stir-fry-eighteen': [] }, grace: 30 });
const tableMsg = (t: TableSummary): ServerMessage => ({ type: 'table', table: t, invite: null, yourSeats: [] });

describe('refusals in words', () => {
  it('every error code of the protocol has its sentence (the i18n test holds the other languages to the same keys)', () => {
    const errors = en.errors as Record<string, string>;
    expect(Object.keys(PROTOCOL_ERRORS).filter((code) => !(code in errors))).toEqual([]);
    // The ones a cluster and accounts brought.
    for (const code of ['ACCOUNT_REQUIRED', 'NAME_TAKEN', 'TRY_AGAIN', 'STORE_UNAVAILABLE']) expect(errors[code], code).toMatch(/\w/);
  });
});

describe('the online count before hello: GET /api/online', () => {
  it('the count when the API gives one; null when refused, unreachable or not a count', async () => {
    const asked: string[] = [];
    const answer = (value: unknown, ok = true) => async (path: string) => {
      asked.push(path);
      return ok ? { ok: true as const, value } : { ok: false as const, code: 'RATE_LIMITED' as const, message: '', retryAfter: 1 };
    };
    expect(await fetchOnline(answer({ online: 7 }))).toBe(7);
    expect(asked).toEqual(['/api/online']);
    expect(await fetchOnline(answer({ online: 0 }))).toBe(0);
    expect(await fetchOnline(answer(null, false))).toBeNull();
    expect(await fetchOnline(answer({ online: -1 }))).toBeNull();
    expect(await fetchOnline(answer({ online: '7' }))).toBeNull();
    expect(await fetchOnline(answer(null))).toBeNull();
  });
});

describe('Your games after a reload: the tables this browser saw', () => {
  const priv = summary('priv', [person(0, ann), empty(1)], { private: true, creator: ann, createdAt: '2026-01-03T00:00:00.000Z' });
  const other = summary('other', [person(0, bob), person(1, ann)], { createdAt: '2026-01-02T00:00:00.000Z' });
  const watched = summary('watched', [person(0, bob), empty(1)]);

  it('remembers the tables where I sit or that I created, from table messages; not those I only watch; forgets closed ones', () => {
    let r = foldRemembered(NOTHING_REMEMBERED, welcome(ann, []), NOTHING_REMEMBERED);
    expect(r).toEqual({ playerId: ann.id, tables: {} });
    r = [tableMsg(priv), tableMsg(other), tableMsg(watched)].reduce((x, m) => foldRemembered(x, m, NOTHING_REMEMBERED), r);
    expect(Object.keys(r.tables).sort()).toEqual(['other', 'priv']);
    // A newer summary replaces the older one; a closed table is forgotten; so is one I left and did not create.
    r = foldRemembered(r, tableMsg({ ...priv, status: 'running', gameNo: 1 }), NOTHING_REMEMBERED);
    expect(r.tables.priv!.status).toBe('running');
    r = foldRemembered(r, tableMsg({ ...priv, status: 'closed' }), NOTHING_REMEMBERED);
    r = foldRemembered(r, tableMsg({ ...other, seats: [person(0, bob), empty(1)] }), NOTHING_REMEMBERED);
    expect(r.tables).toEqual({});
    // Before any welcome, nobody's tables are kept.
    expect(foldRemembered(NOTHING_REMEMBERED, tableMsg(priv), NOTHING_REMEMBERED)).toBe(NOTHING_REMEMBERED);
  });

  it('at the welcome: what was stored for this player, kept only where seatedAt still lists a seat; another player starts afresh', () => {
    const stored: Remembered = { playerId: ann.id, tables: { priv, other } };
    const again = foldRemembered(NOTHING_REMEMBERED, welcome(ann, ['priv']), stored);
    expect(again).toEqual({ playerId: ann.id, tables: { priv } });
    expect(foldRemembered(NOTHING_REMEMBERED, welcome(bob, ['priv', 'other']), stored)).toEqual({ playerId: bob.id, tables: {} });
  });

  it('keeps the newest few', () => {
    let r = foldRemembered(NOTHING_REMEMBERED, welcome(ann, []), NOTHING_REMEMBERED);
    for (let i = 0; i < MAX_REMEMBERED + 5; i++) {
      const createdAt = new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString();
      r = foldRemembered(r, tableMsg(summary(`t${i}`, [person(0, ann)], { createdAt })), NOTHING_REMEMBERED);
    }
    expect(Object.keys(r.tables)).toHaveLength(MAX_REMEMBERED);
    expect('t0' in r.tables).toBe(false);
    expect(`t${MAX_REMEMBERED + 4}` in r.tables).toBe(true);
  });

  it('"Your games" lists a remembered private table by its game and seat (its status maybe out of date), the lobby\'s live copy first, else by id', () => {
    const pub = summary('pub', [person(0, bob), person(1, ann)], { status: 'running' });
    const list = yourTables({}, { pub }, ['priv', 'pub', 'elsewhere'], ann.id, { priv, pub: { ...pub, status: 'open' } });
    expect(list.map((x) => [x.id, x.summary?.game ?? null, x.summary?.private ?? null, x.seat, x.remembered ?? false])).toEqual([
      ['priv', 'flip-7', true, 0, true],
      ['pub', 'flip-7', false, 1, false],
      ['elsewhere', null, null, null, false],
    ]);
    expect(list[1]!.summary!.status).toBe('running');
  });
});

describe('locale files loaded with the pages that need them', () => {
  const storage = new Map<string, string>();
  beforeAll(() => {
    vi.stubGlobal('localStorage', { getItem: (k: string) => storage.get(k) ?? null, setItem: (k: string, v: string) => { storage.set(k, v); }, removeItem: (k: string) => { storage.delete(k); } });
    vi.stubGlobal('document', { documentElement: { lang: '' } });
    vi.stubGlobal('navigator', { languages: ['en-US'], language: 'en-US' });
  });
  afterAll(() => { vi.unstubAllGlobals(); });

  it('learn.json, replay.json, coach.json and the games\' own words wait for their pages; the lobby\'s few learn words are there from the start; a language chosen later brings what was asked for', async () => {
    const { initI18n, loadStrings, setLanguage, stringsLoaded } = await import('../src/i18n/index.js');
    await initI18n();
    expect(i18next.language).toBe('en');
    // At start: the shell, the games' names and options, the account pages; not the learn pages, the
    // replays, nor a game's own words (they come with its screen: ui/games/registry.ts).
    expect(i18next.exists('table.replayGame')).toBe(true);
    expect(i18next.exists('games.flip-7.name')).toBe(true);
    expect(i18next.exists('sf.drawPile')).toBe(false);
    expect(stringsLoaded('sf')).toBe(false);
    expect(stringsLoaded('f7')).toBe(false);
    expect(i18next.exists('account.menu.guest')).toBe(true);
    expect(stringsLoaded('learn')).toBe(false);
    expect(stringsLoaded('replay')).toBe(false);
    expect(stringsLoaded('coach')).toBe(false);
    expect(i18next.exists('learn.guided.next')).toBe(false);
    expect(i18next.exists('coach.title')).toBe(false);
    expect(i18next.exists('replay.next')).toBe(false);
    // The lobby's and the table's "How to play" words come with common.json.
    expect(i18next.t('learn.page.title', { game: 'Flip 7' })).toBe('How to play Flip 7');
    expect(i18next.t('learn.links.title')).toBe('How to play');

    await loadStrings('learn');
    expect(stringsLoaded('learn')).toBe(true);
    expect(i18next.t('learn.guided.next')).toBe('Next');
    // Merged into common.json's learn words, not over them.
    expect(i18next.t('learn.page.title', { game: 'Flip 7' })).toBe('How to play Flip 7');
    expect(i18next.exists('replay.next')).toBe(false);

    await loadStrings('sf');
    expect(i18next.t('sf.drawPile')).not.toBe('sf.drawPile');
    expect(stringsLoaded('f7')).toBe(false);

    // Another language: learn.json was asked for, so it comes too; replay.json still waits.
    await setLanguage('ja');
    expect(i18next.language).toBe('ja');
    expect(stringsLoaded('learn')).toBe(true);
    expect(i18next.t('learn.page.title', { game: 'Flip 7' })).toBe('Flip 7の遊び方');
    expect(i18next.exists('learn.guided.next')).toBe(true);
    expect(stringsLoaded('sf')).toBe(true);
    expect(stringsLoaded('f7')).toBe(false);
    expect(stringsLoaded('replay')).toBe(false);
    await loadStrings('replay');
    expect(i18next.exists('replay.next')).toBe(true);
    // The coach's words come with its panel, under a finished game.
    expect(i18next.exists('coach.title')).toBe(false);
    await loadStrings('coach');
    expect(stringsLoaded('coach')).toBe(true);
    expect(i18next.exists('coach.title')).toBe(true);
  });
});
