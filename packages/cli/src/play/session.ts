import { type BotLevel, createBot } from '@parlor/bots';
import { type Agent, type GameEvent, type GameId, gameModule, playGame } from '@parlor/rules';
import { f7Terminal } from './flip-7.js';
import { sfTerminal } from './stir-fry-eighteen.js';
import { type TerminalGame, plainTerminal } from './terminal-game.js';

/** How each game talks in a terminal; a game without an entry is played through `plainTerminal`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const TERMINAL: Partial<Record<GameId, TerminalGame<any, any, any>>> = { 'stir-fry-eighteen': sfTerminal, 'flip-7': f7Terminal };

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

class InputEnded extends Error {}

/**
 * A whole game in the terminal: the person at seat 0 sees only seat 0's view and events; bots play
 * the other seats. Bad input re-prompts. Resolves to 0 at the end of the game, 1 if input ended.
 */
export async function playSession(p: PlaySession): Promise<number> {
  const game = gameModule(p.game);
  const ui = TERMINAL[p.game] ?? plainTerminal;
  const names = ['You', ...p.bots.map((level, i) => `Bot ${i + 1} (${level})`)];
  const person: Agent = {
    observe: (events: readonly GameEvent[]) => {
      for (const e of events) {
        const line = ui.describe(e, names, 0);
        if (line !== null) p.print(line);
      }
    },
    decide: async (view, legal) => {
      for (const line of ui.status(view, names)) p.print(line);
      for (const line of ui.help(view, legal)) p.print(`  ${line}`);
      for (;;) {
        const input = await p.ask('> ');
        if (input === null) throw new InputEnded();
        if (input.trim() === '?') {
          legal.forEach((a, i) => p.print(`  ${i + 1}. ${JSON.stringify(a)}`));
          continue;
        }
        const n = Number(input.trim());
        const parsed = Number.isInteger(n) && n >= 1 && n <= legal.length ? legal[n - 1] : ui.parse(input, view, legal);
        if (typeof parsed === 'string') { p.print(parsed); continue; }
        return parsed;
      }
    },
  };
  p.print(`${names.length} players: ${names.join(', ')}. Seed ${p.seed}. Type "?" at any prompt for every move.`);
  try {
    await playGame({
      game, seed: p.seed, start: { players: names.length, options: p.options, seed: p.seed },
      agents: [person, ...p.bots.map((level) => createBot(p.game, level))],
      // The person's move was refused by the rules: say why and ask again.
      onRefused: (seat, _action, error) => {
        if (seat !== 0) return 'throw';
        p.print(error.message);
        return 'retry';
      },
    });
  } catch (e) {
    if (!(e instanceof InputEnded)) throw e;
    p.print('Input ended; the game is left unfinished.');
    return 1;
  }
  return 0;
}
