import type { TournamentDetail, TournamentRequest } from '@parlor/protocol';
import type { FinishedGame } from '@parlor/table';
import type { Bus } from './cluster/bus.js';
import type { Clock } from './clock.js';
import type { ServerConfig } from './config.js';
import type { Connection } from './connection.js';
import { randomId } from './identity.js';
import type { Players } from './players.js';
import type { Store, TableRow } from './store/store.js';
import type { Tables } from './tables.js';
import { Refusal } from './table/types.js';
import { type TournamentState, newTournament, nextDue } from './tournament/director.js';
import { tournamentSettings } from './tournament/request.js';
import { dueOccurrences } from './tournament/schedule.js';
import { tournamentDetail } from './tournament/view.js';
import { TournamentDirecting } from './tournament-host/directing.js';
import { TournamentRefused, TournamentStates, type Written, unknownTournament } from './tournament-host/states.js';
import { makeTournamentTable } from './tournament-host/tables.js';
import { type Change, TournamentWatchers } from './tournament-host/watchers.js';

export { TournamentRefused };

export interface TournamentsDeps {
  readonly store: Store;
  readonly clock: Clock;
  readonly config: ServerConfig;
  readonly tables: Tables;
  readonly players: Players;
  /** This process's connections (to tell a player's where their new table is). */
  readonly connections: () => Iterable<Connection>;
  readonly log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  /** A cluster's bus: every process hears of each change (its watchers, its players' new tables). Absent alone. */
  readonly bus?: Bus;
}

/** How often the director looks at its tournaments (their clocks, and the watchers told of changes). */
const PULSE_MS = 1000;
/** How often the live tournaments are read again, the schedules looked at, and unfinished games checked against their tables. */
const RECONCILE_MS = 15_000;
const CHANNEL = 'tournaments';

/**
 * The tournaments' shell around their pure director (tournament/director.ts): every input is
 * stored by compare-and-set (tournament-host/states.ts), so any process of a cluster may take a
 * join, a leave or a game's end; effects run once their state is stored, and each can run again (a
 * crash between the write and a table is mended by the next reconciliation). One process directs
 * each tournament — the clock's inputs and the reconciliation (tournament-host/directing.ts).
 */
export class Tournaments {
  private readonly states: TournamentStates;
  private readonly watchers: TournamentWatchers;
  private readonly directing: TournamentDirecting;
  private stopPulse: (() => void) | null = null;
  private pulsing: Promise<void> | null = null;
  private lastReconcile = Number.NEGATIVE_INFINITY;
  private lastLeases = Number.NEGATIVE_INFINITY;

  constructor(private readonly d: TournamentsDeps) {
    this.directing = new TournamentDirecting(d.store, d.config.leaseMs, d.bus !== undefined);
    this.watchers = new TournamentWatchers(d.connections);
    this.states = new TournamentStates({
      store: d.store, clock: d.clock, fence: (id) => this.directing.fence(id), leaseLost: (id) => this.directing.lost(id), written: (w) => this.written(w),
    });
  }

  async start(): Promise<void> {
    if (this.d.bus !== undefined) await this.d.bus.subscribe(CHANNEL, (m) => this.heard(m as Change));
    const next = () => {
      // At least every third of a lease, so that a short lease (PARLOR_LEASE_MS under 3 s) is renewed before it runs out.
      this.stopPulse = this.d.clock.after(Math.min(PULSE_MS, Math.floor(this.d.config.leaseMs / 3)), () => {
        this.pulsing = this.pulse().catch((e: unknown) => this.d.log.warn({ err: e }, 'a tournament pulse failed; tried again at the next'))
          .finally(() => { this.pulsing = null; if (this.stopPulse !== null) next(); });
      });
    };
    next();
    await this.pulse();
  }

  async stop(): Promise<void> {
    this.stopPulse?.();
    this.stopPulse = null;
    await this.pulsing;
    await this.states.settle();
    await this.directing.release();
    if (this.d.bus !== undefined) await this.d.bus.unsubscribe(CHANNEL);
  }

  /** A tournament's page; a private one only with its invite, or to its entrants and maker. */
  async detail(id: string, invite: string | undefined, playerId: string | null): Promise<TournamentDetail> {
    const c = await this.states.load(id);
    if (c === null) throw unknownTournament(id);
    const s = c.state.settings;
    const member = playerId !== null && (c.state.entrants.has(playerId) || s.createdBy === playerId);
    if (s.private && !member && invite !== s.invite) throw unknownTournament(id);
    return tournamentDetail(c.state, member || invite === s.invite);
  }

  /** A new tournament made by `creator` (an account), or by the operator's schedule (null; `id` is then the schedule's). */
  async create(req: TournamentRequest, creator: { readonly id: string; readonly name: string } | null, id = randomId(8)): Promise<string> {
    const made = tournamentSettings(req, { id, invite: randomId(12), creator: creator?.id ?? null, creatorName: creator?.name ?? null, now: this.d.clock.now() });
    if (!made.ok) throw new TournamentRefused(made.refusal.code, made.refusal.message);
    if (!await this.states.add(newTournament(made.settings))) {
      if (creator === null) return id; // a scheduled one another process made first
      throw new TournamentRefused('TRY_AGAIN', 'Please try again.', 503);
    }
    this.directing.known(id);
    await this.directing.take([id]);
    return id;
  }

  async join(id: string, player: { readonly id: string; readonly name: string; readonly account: boolean; readonly bot: boolean }, invite?: string): Promise<void> {
    const c = await this.states.load(id);
    if (c === null) throw unknownTournament(id);
    const s = c.state.settings;
    if (s.private && invite !== s.invite && !c.state.entrants.has(player.id) && s.createdBy !== player.id) throw unknownTournament(id);
    if (!player.account) throw new TournamentRefused('ACCOUNT_REQUIRED', 'Only players with an account may enter tournaments; claim your name first.', 403);
    const rating = (await this.d.store.ratingsOf(player.id)).find((r) => r.game === s.game);
    await this.states.input(id, { type: 'join', player: player.id, name: player.name, bot: player.bot, rating: rating === undefined ? 0 : rating.mu - 3 * rating.sigma });
  }

  leave(id: string, playerId: string): Promise<void> {
    return this.states.input(id, { type: 'leave', player: playerId });
  }

  /** A game of a tournament's table ended here: its places go to the tournament, with who had no open connection then. */
  gameFinished(row: TableRow, f: FinishedGame): void {
    const mark = row.tournament;
    if (mark === undefined) return;
    const absent = f.seats.flatMap((s) => (s.kind === 'player' && !this.d.players.isConnected(s.playerId) ? [s.playerId] : []));
    void this.states.input(mark.id, { type: 'finished', tableId: row.id, places: f.result.places, left: f.left, absent })
      .catch((e: unknown) => this.d.log.warn({ err: e, tournament: mark.id, table: row.id }, "a tournament game's end was not recorded yet; the director reconciles it"));
  }

  /** `tournament.watch`: its page now and at each change (refused as the protocol refuses: a Refusal). */
  async watch(c: Connection, id: string, invite: string | undefined, re?: string | number): Promise<void> {
    const detail = await this.detail(id, invite, c.playerId).catch((e: unknown) => {
      throw e instanceof TournamentRefused ? new Refusal(e.code, e.message) : e;
    });
    this.watchers.add(id, c);
    c.send({ type: 'tournament', ...(re === undefined ? {} : { re }), tournament: detail });
  }

  unwatch(c: Connection, id?: string): void { this.watchers.remove(c, id); }

  /** Everything queued here is done (tests, a clean stop). */
  settle(): Promise<void> { return this.states.settle(); }

  // ---- after a write ----------------------------------------------------------------------------

  private async written(w: Written): Promise<void> {
    if (w.state.status === 'finished' || w.state.status === 'cancelled') this.directing.ended(w.id);
    for (const e of w.effects) {
      try {
        if (e.type === 'table') await makeTournamentTable({ ...this.d, now: this.d.clock.now() }, w.state.settings, e.game);
        else if (e.type === 'stand-ins') await this.d.tables.hosted.get(e.tableId)?.feed({ type: 'stand-ins' });
      } catch (err) {
        this.d.log.warn({ err, tournament: w.id }, 'a tournament table could not be made or told yet; the director tries again');
      }
    }
    // Told once the tables are made: a player who watches at once finds theirs.
    const change: Change = { id: w.id, version: w.version, paired: w.effects.flatMap((e) => (e.type === 'paired' ? [{ player: e.player, tableId: e.tableId }] : [])) };
    this.watchers.changed(change);
    this.d.bus?.publish(CHANNEL, change);
  }

  /** Another process changed a tournament: what is cached of it is stale; its watchers and players here hear of it. */
  private heard(ch: Change): void {
    if (typeof ch?.id !== 'string') return;
    const c = this.states.cached(ch.id);
    if (c !== undefined && c.version >= ch.version) return; // written here
    this.states.forget(ch.id);
    this.directing.known(ch.id);
    this.watchers.changed(ch);
  }

  // ---- directing ----------------------------------------------------------------------------------

  /** The director's look: leases, the schedules, clocks due, reconciliation, and the watchers told of changes. */
  private async pulse(): Promise<void> {
    const now = this.d.clock.now();
    const reconcile = now - this.lastReconcile >= RECONCILE_MS;
    if (reconcile) {
      this.lastReconcile = now;
      await this.makeScheduled(now);
      await this.directing.refresh();
    }
    // Leases are sought (and those held renewed) every third of their length: a director that died is replaced soon after its lease runs out.
    if (reconcile || now - this.lastLeases >= this.d.config.leaseMs / 3) {
      this.lastLeases = now;
      for (const id of await this.directing.take()) this.states.forget(id); // read it fresh: another process directed it until now
    }
    // A tournament's table taken over before its game was started (its maker died in between) is started by its new host.
    for (const t of [...this.d.tables.hosted.values()]) {
      if (t.row.tournament === undefined || t.row.status !== 'open' || Date.parse(t.row.createdAt) > now - PULSE_MS) continue;
      await t.start(t.row.creatorId).catch((e: unknown) => this.d.log.warn({ err: e, table: t.id }, 'a tournament table could not be started yet'));
    }
    for (const id of this.directing.directed()) {
      try {
        const mend = this.directing.justTaken(id) || reconcile;
        const c = await this.states.load(id, mend && this.d.bus !== undefined);
        if (c === null) continue;
        if (mend) await this.reconcile(c.state);
        const due = nextDue((await this.states.load(id))!.state);
        if (due !== null && due <= this.d.clock.now()) await this.states.input(id, { type: 'tick' });
      } catch (e) {
        if (!(e instanceof TournamentRefused)) this.d.log.warn({ err: e, tournament: id }, 'directing a tournament failed; tried again at the next pulse');
      }
    }
    await this.watchers.flush(async (id) => (await this.states.load(id))?.state ?? null);
  }

  /** The operator's recurring tournaments: the next few of each made (once, whichever process gets there first). */
  private async makeScheduled(now: number): Promise<void> {
    for (const s of this.d.config.tournamentSchedules) {
      for (const o of dueOccurrences(s, now)) {
        if (this.states.cached(o.id) !== undefined || await this.d.store.tournament(o.id) !== null) continue;
        await this.create({ ...s.request, startsAt: new Date(o.startsAt).toISOString() }, null, o.id)
          .catch((e: unknown) => this.d.log.warn({ err: e, tournament: o.id }, 'a scheduled tournament could not be made yet; tried again soon'));
      }
    }
  }

  /**
   * What a crash may have left half done, mended: a game whose table was never made (or never
   * started) is made now, and a game whose table finished without the tournament hearing of it is
   * recorded from the table's stored result and who left it.
   */
  private async reconcile(state: TournamentState): Promise<void> {
    for (const g of state.games) {
      if (g.finishedAt !== null) continue;
      const row = this.d.tables.hosted.get(g.tableId)?.row ?? await this.d.store.table(g.tableId);
      if (row === null || row.status === 'open') {
        await makeTournamentTable({ ...this.d, now: this.d.clock.now() }, state.settings, g)
          .catch((e: unknown) => this.d.log.warn({ err: e, table: g.tableId }, 'a tournament table could not be made yet'));
        continue;
      }
      if (row.status !== 'finished' && row.status !== 'closed') continue;
      const game = row.gameNo > 0 ? await this.d.store.game(g.tableId, row.gameNo) : null;
      const result = game?.result as { places?: number[] } | null | undefined;
      // A table closed before its game ended (it never started) counts as a game everyone left.
      const places = result?.places ?? g.seats.map(() => 1);
      const left = row.tournament?.left ?? (result?.places === undefined ? g.seats.map((_, i) => i) : []);
      await this.states.input(state.settings.id, { type: 'finished', tableId: g.tableId, places, left: [...left], absent: [] });
    }
  }
}
