import type { EvidenceLine, ReportEvidence } from '@parlor/protocol';
import type { Store, TableRow } from '../store/store.js';
import type { ChatLineRow } from '../store/moderation.js';

/** Lines kept around a reported line, before and after it; lines of the player kept without one. */
export const LINES_AROUND = 10;
export const LINES_OF_PLAYER = 30;

export type Evidence = ReportEvidence;

const lineOf = (l: ChatLineRow): EvidenceLine => ({ id: l.id, playerId: l.playerId, name: l.name, text: l.text, at: new Date(l.at).toISOString() });

/**
 * The evidence of a report (ReportEvidence: only what a spectator may see; a running game's moves
 * stay out, as a move may name a card still hidden, while a finished game's are public like its export).
 * The evidence of `reported`, at `row` (its table, if any), about `line` (a chat line of theirs, if any). */
export async function gatherEvidence(store: Store, reported: { id: string; name: string }, row: TableRow | null, line: ChatLineRow | null): Promise<Evidence> {
  const m = store.moderation;
  const chat = line !== null ? await m.chatLinesAround(line.tableId, line.id, LINES_AROUND, LINES_AROUND)
    : row !== null ? await m.lastChatLines(row.id, LINES_OF_PLAYER)
      : await m.playerChatLines(reported.id, LINES_OF_PLAYER);
  if (row === null) return { reported, table: null, players: [], line: null, chat: chat.map(lineOf), game: null };
  const game = row.gameNo >= 1 ? await store.game(row.id, row.gameNo) : null;
  const players = game !== null
    ? game.seats.map((s, seat) => ({ seat, name: s.name, playerId: s.playerId ?? null, bot: s.kind === 'bot' }))
    : await Promise.all(row.seats.map(async (s, seat) => s.kind === 'player'
      ? { seat, name: (await store.playerById(s.playerId))?.name ?? '?', playerId: s.playerId, bot: false }
      : { seat, name: s.kind === 'bot' ? `bot (${s.level})` : '', playerId: null, bot: s.kind === 'bot' }));
  const finished = game !== null && game.finishedAt !== null;
  const moves = finished ? (await store.actions(row.id, row.gameNo)).map((a) => ({ seq: a.seq, seat: a.seat, action: a.action, at: a.at })) : null;
  return {
    reported,
    table: { id: row.id, game: row.game, rated: row.rated === true, private: row.private, tournament: row.tournament?.id ?? null },
    players: players.filter((p) => p.name !== ''), line: line?.id ?? null, chat: chat.map(lineOf),
    game: game === null ? null : { gameNo: game.gameNo, finished, moves },
  };
}
