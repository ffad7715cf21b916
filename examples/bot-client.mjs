#!/usr/bin/env node
// A small Parlor bot client: plain Node and the `ws` package, nothing else — no Parlor code.
// It speaks the public protocol (docs/protocol.md) the way a program in any language could.
//
//   node examples/bot-client.mjs ws://localhost:8080/ws flip-7
//   node examples/bot-client.mjs ws://localhost:8080/ws stir-fry-eighteen --seats 3
//   node examples/bot-client.mjs ws://localhost:8080/ws <tableId>        (sit at a table and wait for its start)
//   node examples/bot-client.mjs ws://localhost:8080/ws tournament:<id> --token <an account's token>
//                                                  (enter a tournament and play every game it seats us at)
//
// Options: --name <display name>  --token <token: be that player (an account, for tournaments)>
//          --seats <n>  --bots <random|basic|expert>  --trace (print every frame)
// A message refused with RATE_LIMITED, STORE_UNAVAILABLE or TRY_AGAIN is sent again after a growing wait.
// Exit code: 0 when the game ended, 1 on an error or a lost connection.
// Playing with an account's token (tournaments)? Mark it a bot account first: PUT /api/accounts/bot {"bot": true} (docs/api.md).
import WebSocket from 'ws';

const GAMES = ['stir-fry-eighteen', 'flip-7'];

// ---- command line ----------------------------------------------------------------------------
const args = process.argv.slice(2);
const flag = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  if (i < 0) return fallback;
  const v = args[i + 1];
  args.splice(i, 2);
  return v;
};
const trace = args.includes('--trace');
if (trace) args.splice(args.indexOf('--trace'), 1);
const name = flag('name', 'Example bot');
const seatsWanted = Number(flag('seats', '4'));
const botLevel = flag('bots', 'basic');
const token = flag('token', undefined);
const [url, target] = args;
if (url === undefined || target === undefined) {
  console.error('usage: node examples/bot-client.mjs <ws://host:port/ws> <stir-fry-eighteen|flip-7|tableId> [--name N] [--seats N] [--bots LEVEL] [--trace]');
  process.exit(2);
}

// ---- connection: one JSON object per text frame; replies carry our `id` back as `re` --------------
const ws = new WebSocket(url);
let nextId = 1;
const pending = new Map(); // id -> resolve
const listeners = new Set(); // (msg) => void, for unsolicited messages

function send(msg) {
  const text = JSON.stringify(msg);
  if (trace) console.log(`>> ${text}`);
  ws.send(text);
}

/** Sends `msg` with a fresh id; resolves with the server's reply to it (`ok`, `error`, `welcome`, `table`). */
function ask(msg) {
  const id = nextId++;
  return new Promise((resolve) => {
    pending.set(id, resolve);
    send({ ...msg, id });
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * How long to wait before sending a refused message again, or null to give its reply back. Both
 * refusals changed nothing: RATE_LIMITED dropped the message (the connection's budget refills within
 * a second), STORE_UNAVAILABLE means the server could not save just now. The wait doubles after every
 * further refusal, up to a cap, with some jitter so that many clients do not retry in step.
 */
function retryDelay(reply, attempt) {
  if (reply.type !== 'error') return null;
  const [first, cap] = { RATE_LIMITED: [50, 4000], STORE_UNAVAILABLE: [1000, 30_000], TRY_AGAIN: [500, 4000] }[reply.code] ?? [];
  if (first === undefined) return null;
  return Math.round(Math.min(cap, first * 2 ** attempt) * (0.75 + Math.random() / 2));
}

/** `ask`, sending the message again after RATE_LIMITED, STORE_UNAVAILABLE or TRY_AGAIN (an action keeps its seq: never played twice). */
async function request(msg) {
  for (let attempt = 0; ; attempt++) {
    const reply = await ask(msg);
    const wait = retryDelay(reply, attempt);
    if (wait === null) return reply;
    console.log(`${reply.code}: sending ${msg.type} again in ${wait} ms`);
    await sleep(wait);
  }
}

/** Like `request`, but an `error` reply ends the program. */
async function must(msg) {
  const reply = await request(msg);
  if (reply.type === 'error') fail(`${msg.type} refused: ${reply.code}: ${reply.message}`);
  return reply;
}

function fail(why) {
  console.error(`error: ${why}`);
  process.exit(1);
}

ws.on('message', (data) => {
  const text = String(data);
  if (trace) console.log(`<< ${text}`);
  const msg = JSON.parse(text);
  if (msg.re !== undefined && pending.has(msg.re)) {
    const resolve = pending.get(msg.re);
    pending.delete(msg.re);
    resolve(msg);
    return;
  }
  for (const l of listeners) l(msg);
});
ws.on('error', (err) => fail(`connection: ${err.message}`));
ws.on('close', () => fail('the server closed the connection'));

// ---- choosing a move from the legal actions it was sent ---------------------------------------------

/** Flip 7: a line's points so far (numbers, ×2 on them, then the + modifiers). */
function f7LinePoints(line) {
  let numbers = 0, mods = 0, x2 = false;
  for (const c of line) {
    if (/^\d+$/.test(c)) numbers += Number(c);
    else if (c === 'x2') x2 = true;
    else if (c.startsWith('+')) mods += Number(c.slice(1));
  }
  return (x2 ? numbers * 2 : numbers) + mods;
}

function chooseFlip7(view, legal, seat) {
  const p = view.pending;
  if (p && p.kind === 'give') {
    // Give Freeze / Flip Three to the leader (score plus the line in front), Second Chance to the one furthest behind.
    const receivers = legal.map((a) => a.to);
    const others = receivers.filter((s) => s !== seat);
    const pool = others.length > 0 ? others : receivers;
    const standing = (s) => view.scores[s] + f7LinePoints(view.lines[s]);
    const sorted = [...pool].sort((a, b) => standing(b) - standing(a));
    const to = p.card === 'second-chance' ? (receivers.includes(seat) ? seat : sorted.at(-1)) : sorted[0];
    return { type: 'give', to };
  }
  // Hit or stay: stay with 20 points or more in the line, else hit.
  const stay = legal.find((a) => a.type === 'stay');
  if (stay && f7LinePoints(view.lines[seat]) >= 20) return stay;
  return legal.find((a) => a.type === 'hit') ?? legal[0];
}

const SF_VALUES = { shrimp: 6, pork: 5, chicken: 3, ginger: 2, 'green-onion': 3, 'soy-sauce': 1, mushroom: 2, noodles: 1, tofu: 7 };

function chooseStirFry(view, legal) {
  const of = (type) => legal.filter((a) => a.type === type);
  // A taste-test window: call it when the claimed protein is in our own hand (a sure bluff), else trust.
  if (of('trust').length > 0) {
    const d = view.declaration;
    const sureBluff = d && d.kind === 'protein' && d.claim !== 'tofu' && (view.hand ?? []).includes(d.claim);
    return sureBluff ? { type: 'taste-test' } : { type: 'trust' };
  }
  // Too many cards at the end of the turn: throw away the cheapest ones.
  if (of('discard-down').length > 0) {
    const worth = (a) => a.cards.reduce((n, c) => n + SF_VALUES[c], 0);
    return of('discard-down').sort((a, b) => worth(a) - worth(b))[0];
  }
  // Cook when possible: the dish with the most cards (ties: the most valuable cards).
  const cooks = of('cook');
  if (cooks.length > 0) {
    const worth = (a) => a.cards.length * 100 + a.cards.reduce((n, c) => n + SF_VALUES[c], 0);
    return cooks.sort((a, b) => worth(b) - worth(a))[0];
  }
  // Honest discards draw cards: a real pair, or a protein named truthfully.
  const pair = of('discard-pair').find((a) => a.cards[0] === a.cards[1]);
  if (pair) return pair;
  const protein = of('discard-protein').find((a) => a.card === a.claim);
  if (protein) return protein;
  return legal.find((a) => a.type === 'end-turn') ?? legal[0];
}

function choose(game, view, legal, seat) {
  return game === 'flip-7' ? chooseFlip7(view, legal, seat) : chooseStirFry(view, legal);
}

// ---- a short log of what happens -------------------------------------------------------------------
function describe(e, names) {
  const who = (s) => names[s] ?? `seat ${s}`;
  switch (e.type) {
    // Flip 7
    case 'round-start': return `round ${e.round} (dealer ${who(e.dealer)})`;
    case 'bust': return `${who(e.seat)} busts on ${e.card}`;
    case 'stay': return `${who(e.seat)} stays`;
    case 'flip-7': return `${who(e.seat)} flips 7!`;
    case 'give': return `${who(e.from)} gives ${e.card} to ${who(e.to)}`;
    case 'round-end': return `round ${e.round} ends: scores ${e.scores.join(' / ')}`;
    // Stir Fry Eighteen
    case 'declare': return `${who(e.player)} discards ${e.kind === 'pair' ? 'a pair' : `a protein, "${e.claim}"`}`;
    case 'taste-test': return `${who(e.tester)} taste-tests ${who(e.declarer)}: ${e.cards.join(', ')} — ${e.honest ? 'honest' : 'a bluff!'}`;
    case 'cook': return `${who(e.player)} cooks ${e.cards.join(', ')} for ${e.points} (score ${e.score})`;
    case 'drawn': return `${who(e.player)} draws ${e.cards.join(', ')}`;
    case 'game-over': return `game over: scores ${e.scores.join(' / ')}`;
    default: return null;
  }
}

// ---- the program -------------------------------------------------------------------------------------
ws.on('open', async () => {
  const welcome = await must(token === undefined ? { type: 'hello', name, version: 1 } : { type: 'hello', token, version: 1 });
  console.log(`connected as ${welcome.player.name} (${welcome.player.id})`);

  let tableId, seat, game;
  const tournament = target.startsWith('tournament:') ? target.slice('tournament:'.length) : null;
  // Listening starts before the table is joined: the first `game` message can follow the reply to
  // `table.sit` at once (the creator may start as soon as they see the seat taken).
  let names = [];
  let answered = -1; // the last seq we sent an action for: one action per position
  listeners.add((msg) => {
    if (msg.type === 'table' && msg.table.id === tableId) {
      names = msg.table.seats.map((s) => (s.seat === seat ? `${name} (you)` : s.kind === 'bot' ? `${s.name} ${s.seat}` : s.kind === 'player' ? s.player.name : `seat ${s.seat}`));
    }
    if (msg.type === 'error') console.log(`refused: ${msg.code}: ${msg.message}`);
    if (msg.type !== 'game' || msg.tableId !== tableId || msg.seat !== seat) return;
    for (const e of msg.events) {
      const line = describe(e, names);
      if (line !== null) console.log(`  ${line}`);
    }
    if (msg.outcome !== null) {
      const { scores, winners } = msg.outcome;
      console.log(`seed ${msg.seed} (commitment ${msg.commitment})`);
      console.log(`final scores: ${scores.map((s, i) => `${names[i] ?? `seat ${i}`} ${s}`).join(' · ')}`);
      // One line for programs to read: scores by seat, and the winning seats.
      console.log(`RESULT ${winners.includes(seat) ? 'won' : 'lost'}: scores ${scores.join(' / ')}; winners ${winners.join(', ')}; seat ${seat}`);
      if (tournament !== null) { tableId = undefined; return; } // the tournament seats us at the next table
      ws.removeAllListeners('close');
      ws.close();
      process.exit(0);
    }
    if (msg.legal.length > 0 && msg.seq > answered) {
      answered = msg.seq;
      const action = choose(game, msg.view, msg.legal, seat);
      // Send the seq we saw: if the game moved on meanwhile, the server answers STALE and nothing happens.
      request({ type: 'action', tableId, seat, seq: msg.seq, action }).then((r) => {
        if (r.type === 'error' && r.code !== 'STALE') console.log(`action refused: ${r.code}: ${r.message}`);
      });
    }
  });

  if (tournament !== null) {
    // A tournament (docs/tournaments.md): join it over HTTP with our token, follow it over the
    // socket, and play each table it seats us at until it is over.
    if (token === undefined) fail('a tournament takes an account: give its token with --token');
    const http = url.replace(/^ws/, 'http').replace(/\/ws$/, '');
    const res = await fetch(`${http}/api/tournaments/${encodeURIComponent(tournament)}/join`, {
      method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: '{}',
    });
    if (res.status !== 204) fail(`joining the tournament was refused: ${res.status} ${await res.text()}`);
    listeners.add(async (msg) => {
      if (msg.type === 'tournament.paired' && msg.tournamentId === tournament && msg.tableId !== tableId) {
        const t = await must({ type: 'table.watch', tableId: msg.tableId });
        tableId = msg.tableId;
        game = t.table.game;
        seat = t.yourSeats[0];
        answered = -1;
        console.log(`tournament table ${tableId} (${game}), seat ${seat}`);
      }
      if (msg.type === 'tournament' && msg.tournament.id === tournament && (msg.tournament.status === 'finished' || msg.tournament.status === 'cancelled')) {
        const me = msg.tournament.players.find((p) => p.id === welcome.player.id);
        // One line for programs to read: where we finished.
        console.log(`TOURNAMENT ${msg.tournament.status}: rank ${me?.rank ?? '-'} of ${msg.tournament.players.length}, ${me?.points ?? 0} points in ${me?.games ?? 0} games`);
        ws.removeAllListeners('close');
        ws.close();
        process.exit(0);
      }
    });
    const watched = await must({ type: 'tournament.watch', tournamentId: tournament });
    console.log(`in tournament ${watched.tournament.name} (${watched.tournament.status}), ${watched.tournament.players.length} players`);
    return;
  }

  if (GAMES.includes(target)) {
    // Create a table; we hold seat 0. Fill the others with server bots, then start.
    const t = await must({ type: 'table.create', game: target, seats: seatsWanted });
    tableId = t.table.id;
    game = target;
    seat = t.yourSeats[0];
    console.log(`table ${tableId}: ${game}, ${t.table.seats.length} seats`);
    // `welcome.botLevels` lists the levels each game has; every game has random.
    const level = welcome.botLevels[game]?.includes(botLevel) ? botLevel : 'random';
    for (const s of t.table.seats) {
      if (s.kind === 'empty') await must({ type: 'table.bot.add', tableId, seat: s.seat, level });
    }
  } else {
    // Join an existing table: watch it, take the first empty seat, wait for its creator to start.
    tableId = target;
    const t = await must({ type: 'table.watch', tableId });
    game = t.table.game;
    const empty = t.table.seats.find((s) => s.kind === 'empty');
    if (empty === undefined) fail(`table ${tableId} has no empty seat`);
    seat = empty.seat;
    await must({ type: 'table.sit', tableId, seat });
    console.log(`sitting at table ${tableId} (${game}), seat ${seat}; waiting for the start`);
  }

  if (GAMES.includes(target)) {
    console.log('starting the game');
    await must({ type: 'table.start', tableId });
  }
});
