import { type BotLevel, GAMES, createBot } from '@parlor/bots';
import { type GameEvent, type GameId, createRng, eventsFor } from '@parlor/rules';
import { f7Terminal } from './flip-7.js';
import { sfTerminal } from './stir-fry-eighteen.js';
import type { TerminalGame } from './terminal-game.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const TERMINAL: Record<GameId, TerminalGame<any, any, any>> = { 'stir-fry-eighteen': sfTerminal, 'flip-7': f7Terminal };

export interface PlaySession {
  readonly game: GameId;
  /** The bots at seats 1…; the person sits at seat 0. */
  readonly bots: readonly BotLevel[];
  readonly options: unknown;
  readonly seed: string;
  /** Asks the person; resolves to their line, or null when input ended. */
  readonly ask: (prompt: string) => Promise<string | null>;
  readonly print: (line: string) => void;
}

/**
 * A whole game in the terminal: the person at seat 0 sees only seat 0's view and events; bots play
 * the other seats. Bad input re-prompts. Resolves to 0 at the end of the game, 1 if input ended.
 */
export async function playSession(p: PlaySession): Promise<number> {
  const game = GAMES[p.game];
  const ui = TERMINAL[p.game];
  const names = ['You', ...p.bots.map((level, i) => `Bot ${i + 1} (${level})`)];
  const setup = game.start({ players: names.length, options: p.options, seed: p.seed });
  if (!setup.ok) throw new Error(setup.error.message);
  let state = setup.value.state;
  const bots = p.bots.map((level) => createBot(p.game, level));
  const rngs = p.bots.map((_, i) => createRng(`${p.seed}/bot${i + 1}`));
  const order = createRng(`${p.seed}/order`);
  p.print(`${names.length} players: ${names.join(', ')}. Seed ${p.seed}. Type "?" at any prompt for every move.`);
  const tell = (events: readonly GameEvent[]) => {
    for (const e of eventsFor(events, 0)) {
      const line = ui.describe(e, names, 0);
      if (line !== null) p.print(line);
    }
    bots.forEach((b, i) => b.observe?.(eventsFor(events, i + 1)));
  };
  tell(setup.value.events); // the opening draw or deal

  while (game.outcome(state) === null) {
    const toAct = game.toAct(state);
    // Several seats asked at once (a taste-test window): answers come in a random order.
    const seat = toAct.length === 1 ? toAct[0]! : order.pick(toAct);
    const legal = game.legalActions(state, seat);
    let action: unknown;
    if (seat === 0) {
      const view = game.view(state, 0);
      for (const line of ui.status(view, names)) p.print(line);
      for (const line of ui.help(view, legal)) p.print(`  ${line}`);
      for (;;) {
        const input = await p.ask('> ');
        if (input === null) { p.print('Input ended; the game is left unfinished.'); return 1; }
        if (input.trim() === '?') {
          legal.forEach((a, i) => p.print(`  ${i + 1}. ${JSON.stringify(a)}`));
          continue;
        }
        const n = Number(input.trim());
        const parsed = Number.isInteger(n) && n >= 1 && n <= legal.length ? legal[n - 1] : ui.parse(input, view, legal);
        if (typeof parsed === 'string') { p.print(parsed); continue; }
        action = parsed;
        break;
      }
    } else {
      action = await bots[seat - 1]!.decide(game.view(state, seat), legal, rngs[seat - 1]!);
    }
    const r = game.apply(state, seat, action);
    if (!r.ok) { p.print(`${r.error.message}`); continue; }
    state = r.state;
    tell(r.events as GameEvent[]);
  }
  return 0;
}
