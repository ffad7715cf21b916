import type { Players } from '../players.js';
import type { Store, TableRow } from '../store/store.js';
import type { Tables } from '../tables.js';
import type { TournamentGame, TournamentSettings } from '../tournament/director.js';

/**
 * A tournament game's table, made and started — or only started, or left as it is, when an earlier
 * try (before a crash) got that far: the table's id is the game's, so this may run any number of times.
 */
export async function makeTournamentTable(d: { readonly store: Store; readonly tables: Tables; readonly players: Players; readonly now: number },
  s: TournamentSettings, g: TournamentGame): Promise<void> {
  const first = g.seats.find((x) => x.kind === 'player');
  if (first?.kind !== 'player') return;
  for (const seat of g.seats) {
    if (seat.kind !== 'player' || d.players.known(seat.id)) continue;
    const p = await d.store.playerById(seat.id);
    if (p !== null) d.players.know(p.id, p.name, Boolean(p.accountSince), p.avatar ?? null, p.bot === true);
  }
  let table = d.tables.hosted.get(g.tableId);
  if (table === undefined) {
    if (await d.store.table(g.tableId) !== null) return; // made already (hosted elsewhere, or over)
    const row: TableRow = {
      id: g.tableId, game: s.game, options: s.options, status: 'open', private: s.private, invite: s.invite, moveTimer: s.moveTimer,
      responseWindow: s.responseWindow, creatorId: first.id, gameNo: 0, createdAt: new Date(d.now).toISOString(),
      seats: g.seats.map((x) => (x.kind === 'player' ? { kind: 'player' as const, playerId: x.id } : { kind: 'bot' as const, level: x.level })),
      ...(s.rated ? { rated: true } : {}), tournament: { id: s.id, name: s.name },
    };
    table = await d.tables.create(row);
  }
  if (table.row.status === 'open') await table.start(first.id);
}
