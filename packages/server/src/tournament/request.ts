/**
 * A tournament asked for (the protocol's `tournamentRequest`, checked for shape) made into its
 * settings, or why it cannot be: the format's length, the game's seats, options and response
 * window (the table core's own checks for a new table, so that a tournament's tables are tables
 * anyone could make), the start time and the name.
 */
import {
  ARENA_MINUTES, MAX_TOURNAMENT_LEAD_DAYS, MAX_TOURNAMENT_NAME, ROUND_MINUTES, SWISS_ROUNDS, type TournamentRequest,
} from '@parlor/protocol';
import { gameModule } from '@parlor/rules';
import { newTableRow } from '@parlor/table';
import type { TournamentRefusal, TournamentSettings } from './director.js';

/** A start this far in the past is read as "now" (the creator's clock, a slow request). */
const START_SLACK_MS = 5 * 60_000;

export function tournamentSettings(req: TournamentRequest, o: {
  readonly id: string; readonly invite: string; readonly creator: string | null; readonly creatorName: string | null; readonly now: number;
}): { readonly ok: true; readonly settings: TournamentSettings } | { readonly ok: false; readonly refusal: TournamentRefusal } {
  const refused = (message: string) => ({ ok: false as const, refusal: { code: 'BAD_TOURNAMENT', message } });
  const module = gameModule(req.game);
  if (req.format === 'arena') {
    if (req.minutes === undefined) return refused(`An arena needs "minutes": how long it runs, ${ARENA_MINUTES.min} to ${ARENA_MINUTES.max}.`);
    if (req.rounds !== undefined || req.roundMinutes !== undefined) return refused('An arena runs for "minutes": leave "rounds" and "roundMinutes" out.');
  } else {
    if (req.rounds === undefined) return refused(`A Swiss event needs "rounds": ${SWISS_ROUNDS.min} to ${SWISS_ROUNDS.max}.`);
    if (req.minutes !== undefined) return refused('A Swiss event has "rounds" (and "roundMinutes"): leave "minutes" out.');
  }
  const table = newTableRow(
    { game: req.game, seats: req.seats, options: req.options, moveTimer: req.moveTimer ?? 60, ...(req.responseWindow === undefined ? {} : { responseWindow: req.responseWindow }), rated: req.rated },
    { id: o.id, invite: o.invite, creator: o.creator ?? 'server', account: true, now: o.now },
  );
  if (!table.ok) return refused(table.refusal.message);
  const startsAt = Date.parse(req.startsAt);
  if (!/^\d{4}-\d\d-\d\dT/.test(req.startsAt) || Number.isNaN(startsAt)) {
    return refused(`"startsAt" must be an ISO time such as 2026-12-24T18:00:00Z, not "${req.startsAt}".`);
  }
  if (startsAt < o.now - START_SLACK_MS) return refused('"startsAt" is in the past: give now or a later time.');
  if (startsAt > o.now + MAX_TOURNAMENT_LEAD_DAYS * 86_400_000) return refused(`"startsAt" is more than ${MAX_TOURNAMENT_LEAD_DAYS} days away.`);
  const name = (req.name ?? '').normalize('NFC').replace(/\s+/gu, ' ').trim();
  if ([...name].length > MAX_TOURNAMENT_NAME) return refused(`The name is longer than ${MAX_TOURNAMENT_NAME} characters.`);
  if (name !== '' && !/[\p{L}\p{N}]/u.test(name)) return refused('The name needs a letter or a digit.');
  // An arena starts at its time whoever is in (players join while it runs) unless a minimum is asked for; a Swiss event needs a table's worth.
  const minPlayers = req.minPlayers !== undefined ? Math.max(req.minPlayers, module.minPlayers) : req.format === 'arena' ? 0 : module.minPlayers;
  return {
    ok: true,
    settings: {
      id: o.id, name: name === '' ? `${module.name} ${req.format === 'arena' ? 'Arena' : 'Swiss'}` : name, game: req.game, format: req.format,
      startsAt: Math.max(startsAt, o.now), minutes: req.minutes ?? null, rounds: req.rounds ?? null,
      roundMinutes: req.format === 'swiss' ? req.roundMinutes ?? ROUND_MINUTES.default : null,
      seats: req.seats, options: table.row.options, moveTimer: table.row.moveTimer, responseWindow: table.row.responseWindow, rated: req.rated,
      private: req.private ?? false, invite: o.invite, minPlayers, fillWithBots: req.fillWithBots ?? false,
      createdBy: o.creator, createdByName: o.creatorName, createdAt: o.now,
    },
  };
}
