import { type SimResult, simulate } from '@parlor/bots';
import cliProgress from 'cli-progress';
import { parseBots, parseGame, parseOptions, parsePositiveInt, randomSeed } from './arguments.js';

export interface SimArgs {
  bots: string;
  games: string;
  seed?: string;
  options?: string;
  json?: boolean;
}

/**
 * `parlor sim <game> --bots expert,basic --games N [--seed S] [--options JSON] [--json]`: a bot
 * tournament. Prints a table per bot; with --json, one JSON object as the last line.
 */
export async function simCommand(gameName: string, args: SimArgs, print: (line: string) => void, tty: boolean): Promise<number> {
  const game = parseGame(gameName);
  const bots = parseBots(game, args.bots);
  const games = parsePositiveInt(args.games, '--games');
  const options = parseOptions(game, args.options);
  const seed = args.seed ?? randomSeed();

  const bar = tty ? new cliProgress.SingleBar({
    format: 'simulating {bar} {value}/{total} games · {eta_formatted} left', stream: process.stderr, clearOnComplete: true,
  }, cliProgress.Presets.shades_classic) : null;
  bar?.start(games, 0);
  let result: SimResult;
  try {
    result = await simulate({ game, bots, games, seed, options, onGame: (done) => { if (done % 10 === 0 || done === games) bar?.update(done); } });
  } finally {
    bar?.stop();
  }

  if (args.json) {
    print(JSON.stringify({
      game: result.game, games: result.games, seed, options,
      bots: result.bots.map((b) => ({ bot: b.bot, seats: b.seats, wins: b.wins, winRate: round(b.winRate, 4), ci95: b.ci95.map((x) => round(x, 4)), meanScore: round(b.meanScore, 1) })),
      meanLength: round(result.meanLength, 2), lengthUnit: result.lengthUnit,
      gamesPerSecond: Math.round(result.gamesPerSecond), seconds: round(result.seconds, 1),
    }));
    return 0;
  }
  print(`${game}: ${games} games, bots ${bots.join(',')} (seats rotate each game), options ${JSON.stringify(options)}, seed ${seed}`);
  const rows = result.bots.map((b) => [b.bot, String(b.seats), fmt(b.wins), pct(b.winRate), `[${pct(b.ci95[0])}, ${pct(b.ci95[1])}]`, b.meanScore.toFixed(1)]);
  table(['bot', 'seats', 'wins', 'win rate', '95% CI', 'mean score'], rows).forEach(print);
  print(`mean game length ${result.meanLength.toFixed(1)} ${result.lengthUnit} · ${Math.round(result.gamesPerSecond)} games/s · ${result.seconds.toFixed(1)} s`);
  return 0;
}

const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;
const pct = (x: number) => `${(x * 100).toFixed(2)}%`;
const fmt = (x: number) => (Number.isInteger(x) ? String(x) : x.toFixed(1));

function table(head: string[], rows: string[][]): string[] {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [line(head), ...rows.map(line)];
}
