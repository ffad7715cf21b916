import type { GameSnapshot, PlayerInfo, SeatInfo, ServerMessage, TableSummary } from '@parlor/protocol';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../src/i18n/locales/en/common.json' with { type: 'json' };
import ja from '../src/i18n/locales/ja/common.json' with { type: 'json' };
import { type AppState, type TableState, Store, reduce } from '../src/state/store.js';
import { NO_FACTS, foldFacts } from '../src/ui/lobby/online.js';
import { changedOptions, optionText } from '../src/ui/lobby/options.js';
import { botLevelFor, botTableSeats, rankOpenTables } from '../src/ui/lobby/play.js';
import { yourTables } from '../src/ui/lobby/yours.js';
import { askedCue, cueToPlay } from '../src/ui/settings/cues.js';
import { chatTime } from '../src/ui/table/Chat.js';

// Issue 11, items 2, 4 and 5 in the web client: the first screen's online count and quick join,
// "Your games" (private tables too), the lobby's option labels, the table's turn cues and the chat's
// times. Pure functions of the state.

const ann: PlayerInfo = { id: 'p-ann', name: 'Ann' };
const bob: PlayerInfo = { id: 'p-bob', name: 'Bob' };
type PlayerSeat = Extract<SeatInfo, { kind: 'player' }>;
const person = (seat: number, player: PlayerInfo, over: Partial<PlayerSeat> = {}): PlayerSeat =>
  ({ seat, kind: 'player', player, connected: true, away: false, awayReason: null, disconnectedSince: null, standInAt: null, ...over });
const empty = (seat: number): SeatInfo => ({ seat, kind: 'empty' });
const bot = (seat: number): SeatInfo => ({ seat, kind: 'bot', level: 'basic', name: 'basic bot' });

function summary(id: string, seats: SeatInfo[], over: Partial<TableSummary> = {}): TableSummary {
  return {
    id, game: 'flip-7', options: { target: 200 }, seats, status: 'open', private: false, moveTimer: 0, responseWindow: null,
    replaceAfter: 120, grace: 30, rated: false, creator: bob, gameNo: 0, spectators: 0, createdAt: '2026-01-01T00:00:00.000Z', ...over,
  };
}
const state = (s: TableSummary, yourSeats: number[], games: Record<string, GameSnapshot> = {}): TableState =>
  ({ summary: s, invite: null, yourSeats, games, log: [], chat: [] });
function snap(over: Partial<GameSnapshot> = {}): GameSnapshot {
  return {
    tableId: 't1', gameNo: 1, seq: 3, seat: 0, view: {} as GameSnapshot['view'], events: [], legal: [], waitingFor: [1], deadline: null,
    waitingSince: 0, by: null, moveSeat: null, commitment: 'c', seed: null, outcome: null, stats: null, ...over,
  };
}

describe('online count and seats from the welcome', () => {
  it('the lobby page brings the count, lobby.online changes it, going offline forgets it', () => {
    let f = foldFacts(NO_FACTS, { type: 'welcome', player: ann, token: 't', seatedAt: ['t1', 't2'], version: 1, account: false, botLevels: {} } as unknown as ServerMessage);
    expect(f).toEqual({ online: null, seatedAt: ['t1', 't2'] });
    f = foldFacts(f, { type: 'lobby', tables: [], next: null, total: 0, online: 4 });
    expect(f.online).toBe(4);
    f = foldFacts(f, { type: 'lobby.online', count: 7 });
    expect(f.online).toBe(7);
    // A page from a server without the field leaves the count as it was.
    expect(foldFacts(f, { type: 'lobby', tables: [], next: null, total: 0 }).online).toBe(7);
    expect(foldFacts(f, { type: 'connection', state: 'closed' }).online).toBeNull();
    expect(foldFacts(f, { type: 'connection', state: 'open' })).toBe(f);
  });

  it('the store takes lobby.online without a change (the count is kept beside it)', () => {
    const s: AppState = new Store().get();
    expect(reduce(s, { type: 'lobby.online', count: 3 })).toBe(s);
  });
});

describe('quick join: the best open table', () => {
  it('unrated first, then more people waiting, then the fullest, then the server\'s order; none of mine, none full', () => {
    const lone = summary('lone', [person(0, bob), empty(1), empty(2)]);
    const pair = summary('pair', [person(0, bob), person(1, { id: 'p-cat', name: 'Cat' }), empty(2), empty(3)]);
    const gone = summary('gone', [person(0, bob, { connected: false }), empty(1)]);
    const nearlyFull = summary('near', [person(0, bob), bot(1), empty(2)]);
    const rated = summary('rated', [person(0, bob), person(1, { id: 'p-dan', name: 'Dan' }), person(2, { id: 'p-eve', name: 'Eve' }), empty(3)], { rated: true });
    const mine = summary('mine', [person(0, ann), empty(1)]);
    const full = summary('full', [person(0, bob), bot(1)]);
    const running = summary('running', [person(0, bob), empty(1)], { status: 'running' });
    const ranked = rankOpenTables([lone, rated, gone, mine, full, running, nearlyFull, pair], ann.id).map((t) => t.id);
    expect(ranked).toEqual(['pair', 'near', 'lone', 'gone', 'rated']);
  });

  it('a table against bots: you and two bots, basic bots', () => {
    expect(botTableSeats('flip-7')).toBe(3);
    expect(botTableSeats('stir-fry-eighteen')).toBe(3);
    expect(botLevelFor(['random', 'basic', 'expert'])).toBe('basic');
    expect(botLevelFor(['random', 'expert'])).toBe('random');
    expect(botLevelFor([])).toBe('basic');
  });
});

describe('Your games', () => {
  it('tables where I sit or that I created, private ones too; not closed ones, not others\'', () => {
    const priv = summary('priv', [person(0, ann), empty(1)], { private: true, createdAt: '2026-01-03T00:00:00.000Z' });
    const left = summary('left', [empty(0), person(1, bob)], { creator: ann, createdAt: '2026-01-02T00:00:00.000Z' });
    const watched = summary('watched', [person(0, bob), empty(1)]);
    const closed = summary('closed', [person(0, ann), empty(1)], { status: 'closed' });
    const tables = { priv: state(priv, [0]), left: state(left, []), watched: state(watched, []), closed: state(closed, [0]) };
    const list = yourTables(tables, {}, [], ann.id);
    expect(list.map((x) => [x.id, x.seat])).toEqual([['priv', 0], ['left', null]]);
    expect(yourTables(tables, {}, [], null)).toEqual([]);
  });

  it('after a reload, the welcome\'s seatedAt: with the lobby\'s summary when it lists the table, else by id', () => {
    const pub = summary('pub', [person(0, bob), person(1, ann)]);
    const list = yourTables({}, { pub }, ['secret', 'pub'], ann.id);
    expect(list.map((x) => [x.id, x.summary?.id ?? null, x.seat])).toEqual([['pub', 'pub', 1], ['secret', null, null]]);
  });

  it('what this browser saw is newer than the welcome: a seat left since is not listed', () => {
    const t = summary('t1', [empty(0), person(1, bob)]);
    expect(yourTables({ t1: state(t, []) }, {}, ['t1'], ann.id)).toEqual([]);
  });

  it('the lobby\'s copy of a table is the live one', () => {
    const old = summary('t1', [person(0, ann), empty(1)]);
    const now = summary('t1', [person(0, ann), person(1, bob)], { status: 'running' });
    expect(yourTables({ t1: state(old, [0]) }, { t1: now }, [], ann.id)[0]!.summary!.status).toBe('running');
  });
});

describe('the lobby\'s options', () => {
  const t = (lng: string) => i18next.getFixedT(lng);
  beforeAll(async () => {
    await i18next.init({ lng: 'en', resources: { en: { translation: en }, ja: { translation: ja } }, interpolation: { escapeValue: false } });
  });
  it('only what differs from the defaults, each value in the player\'s language', () => {
    const options = { target: 50, closingTime: true, meticulousChef: false, emptyPantry: 'no-cook-draw', tofu: false, firstPlayer: 1 };
    const say = (lng: string) => changedOptions('stir-fry-eighteen', options).map(([f, v]) => optionText('stir-fry-eighteen', f, v, t(lng)));
    expect(say('en')).toEqual(['Closing Time', 'Empty Pantry: No draw after cooking', 'First player: Seat 2']);
    expect(say('ja')).toEqual(['営業終了', '空の食糧庫：料理後に引かない', '最初のプレイヤー：2番席']);
    expect(changedOptions('flip-7', { target: 200 })).toEqual([]);
    expect(changedOptions('flip-7', { target: 300 }).map(([f, v]) => optionText('flip-7', f, v, t('en')))).toEqual(['Target score: 300']);
  });
});

describe('turn cues', () => {
  const t1 = summary('t1', [person(0, ann), person(1, bob), bot(2)], { status: 'running', game: 'stir-fry-eighteen' });
  it('my turn when my seat alone is asked; a window when several are asked at once; nothing otherwise', () => {
    expect(askedCue(state(t1, [0], { 0: snap({ legal: [{ type: 'end-turn' }] as GameSnapshot['legal'], waitingFor: [0] }) }))?.cue).toBe('yourTurn');
    expect(askedCue(state(t1, [0], { 0: snap({ legal: [{ type: 'trust' }] as GameSnapshot['legal'], waitingFor: [0, 2] }) }))?.cue).toBe('window');
    expect(askedCue(state(t1, [0], { 0: snap({ legal: [], waitingFor: [1] }) }))).toBeNull();
    // A spectator is never asked; nor am I while a stand-in plays my seat.
    expect(askedCue(state(t1, [], { spectator: snap({ seat: null, waitingFor: [0] }) }))).toBeNull();
    const away = summary('t1', [person(0, ann, { away: true, awayReason: 'left' }), person(1, bob)], { status: 'running' });
    expect(askedCue(state(away, [0], { 0: snap({ legal: [{ type: 'hit' }] as GameSnapshot['legal'], waitingFor: [0] }) }))).toBeNull();
  });
  it('a cue when I become asked, not again for each move of the same turn', () => {
    const asked = { cue: 'yourTurn' as const, key: 't1:1:4:0' };
    expect(cueToPlay(null, asked)).toBe('yourTurn');
    expect(cueToPlay('t1:1:3:0', asked)).toBeNull();
    expect(cueToPlay('t1:1:3:0', null)).toBeNull();
    expect(cueToPlay(null, { cue: 'window', key: 't1:1:5:0' })).toBe('window');
  });
});

describe('chat times', () => {
  it('in the player\'s language', () => {
    process.env.TZ = 'UTC';
    const at = '2026-11-30T14:03:00.000Z';
    expect(chatTime(at, 'en').replace(/\s/g, ' ')).toBe('2:03 PM');
    expect(chatTime(at, 'ja')).toBe('14:03');
    expect(chatTime(at, 'pl')).toBe('14:03');
    expect(chatTime('not a time', 'en')).toBe('');
  });
});
