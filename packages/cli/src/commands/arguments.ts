import { randomBytes } from 'node:crypto';
import { BOT_LEVELS, type BotLevel, botLevels } from '@parlor/bots';
import { GAME_IDS, type GameId, gameModule, isGameId } from '@parlor/rules';

/** A bad command-line argument: the message is the one line the user sees. */
export class UsageError extends Error {}

export function parseGame(raw: string): GameId {
  if (!isGameId(raw)) throw new UsageError(`unknown game "${raw}"; choose one of ${GAME_IDS.join(', ')}`);
  return raw;
}

/** `expert,basic` → levels, checked against the game's bots and player counts. */
export function parseBots(game: GameId, raw: string, extraSeats = 0): BotLevel[] {
  const names = raw.split(',').map((s) => s.trim()).filter((s) => s !== '');
  const available = botLevels(game);
  for (const name of names) {
    if (!BOT_LEVELS.includes(name as BotLevel) || !available.includes(name as BotLevel)) {
      throw new UsageError(`unknown bot "${name}" for ${game}; choose from ${available.join(', ')}`);
    }
  }
  const { minPlayers, maxPlayers } = gameModule(game);
  const players = names.length + extraSeats;
  if (players < minPlayers || players > maxPlayers) {
    throw new UsageError(`${game} is for ${minPlayers} to ${maxPlayers} players, not ${players}`);
  }
  return names as BotLevel[];
}

/** `--options '{"target":100}'`, validated by the game's rules. */
export function parseOptions(game: GameId, raw: string | undefined): unknown {
  if (raw === undefined) return {};
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new UsageError(`--options must be JSON, such as '{"target":100}'`);
  }
  const r = gameModule(game).options.parse(json);
  if (!r.ok) throw new UsageError(`bad options: ${r.error.message}`);
  return r.value;
}

export function parsePositiveInt(raw: string, what: string): number {
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new UsageError(`${what} must be a whole number of at least 1, not "${raw}"`);
  return n;
}

export function randomSeed(): string {
  return randomBytes(8).toString('hex');
}
