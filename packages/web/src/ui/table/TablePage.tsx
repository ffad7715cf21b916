import type { GameAction, GameExport, GameSnapshot, SeatInfo } from '@parlor/protocol';
import { type ReactNode, Suspense, lazy, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadStrings } from '../../i18n/index.js';
import { replayHref } from '../../net/api.js';
import { myAwayReason } from '../../state/presence.js';
import { tableStill, useSettings } from '../../state/settings.js';
import type { TableState } from '../../state/store.js';
import { AccountBadge } from '../account/AccountBadge.js';
import { BotBadge } from '../account/BotBadge.js';
import { ReliabilityBadge } from '../reputation/ReliabilityBadge.js';
import { SeatAvatar } from '../avatars/SeatAvatar.js';
import { RatedBadge } from '../account/RatedBadge.js';
import { useApp, useServices } from '../context.js';
import { useTurnCues } from '../settings/cues.js';
import { GAME_SCREENS } from '../games/registry.js';
import { TableHelp } from '../learn/TableHelp.js';
import { TournamentLine } from '../tournament/TableLine.js';
import { LiveRegionsPresent, LiveRegions } from './LiveRegions.js';
import { Chat } from './Chat.js';
import { Fairness, exportHref } from './Fairness.js';
import type { GameProps } from './game-props.js';
import { AwayBar } from './Presence.js';
import { botName } from './names.js';
import { TurnPaceLine } from './TurnClock.js';
import { InviteForm } from '../invitations/InviteForm.js';
import { ReportButton } from '../moderation/ReportDialog.js';
import { SinceSeats, SinceYourMoveLine } from '../turns/Since.js';

/**
 * One table: a slim bar (back to the lobby, the game's name, "How to play", the seats folded once a
 * game is shown, the fairness panel, "Leave"), then seats (sit, bots, start) before a game, the game and
 * the chat — beside the game (and its log) on a wide screen, under it on a narrow one. The bar keeps
 * the window for the game: a part of it opened takes a row of its own under it (shell.css). A cue
 * sounds when the table asks me something, and for its other moments (ui/settings/cues.ts).
 */
export function TablePage({ tableId, invite }: { tableId: string; invite: string | null }) {
  const { t } = useTranslation();
  const { client, navigate } = useServices();
  const connection = useApp((s) => s.connection);
  const table = useApp((s) => s.tables[tableId]);
  // The refusal of table.watch, if any: a closed table, or no such table.
  const [refused, setRefused] = useState<{ tableId: string; code: string } | null>(null);
  useEffect(() => {
    if (connection !== 'open') return;
    const key = `table:${tableId}`;
    let live = true;
    void client.subscribe(key, { type: 'table.watch', tableId, ...(invite ? { invite } : {}) }).then((r) => {
      if (!live) return;
      if (r.type === 'error' && (r.code === 'TABLE_CLOSED' || r.code === 'UNKNOWN_TABLE')) {
        client.unsubscribe(key);
        setRefused({ tableId, code: r.code });
      } else if (r.type === 'table') setRefused(null);
    });
    return () => { live = false; client.unsubscribe(key); void client.request({ type: 'table.unwatch', tableId }); };
  }, [client, connection, tableId, invite]);
  const me = useApp((s) => s.player?.id ?? null);
  useTurnCues(table, me);
  // The table keeps still (screen reader mode, reduced motion, forced colours): said on the page for
  // the stylesheets, whose own animations stop with it.
  const still = tableStill(useSettings());

  const closed = (refused?.tableId === tableId && refused.code === 'TABLE_CLOSED') || table?.summary.status === 'closed';
  if (closed) return <Closed tableId={tableId} invite={table?.invite ?? invite} />;
  if (refused?.tableId === tableId) {
    return (
      <div className="table-page">
        <nav><a href="/" onClick={(e) => { e.preventDefault(); navigate('/'); }}>← {t('table.back')}</a></nav>
        <p className="panel" role="alert">{t(`errors.${refused.code}`)}</p>
      </div>
    );
  }
  if (table === undefined) return <p className="panel" role="status">{t('app.connection.connecting')}</p>;
  const names = table.summary.seats.map((s) => seatName(s, t));
  const seat = table.yourSeats[0] ?? null;
  const snapshot: GameSnapshot | undefined = table.games[seat === null ? 'spectator' : String(seat)] ?? Object.values(table.games)[0];
  // The seats in full only until the first game: then the game's screen (and its end screen, which
  // has "Play again") shows who sits where.
  const folded = table.summary.status === 'running' || snapshot !== undefined;

  return (
    <LiveRegionsPresent.Provider value>
    <div className="table-page" data-still={still || undefined}>
      {/* The table's live regions: every game event said politely, what asks me now at once (announcer.ts). */}
      <LiveRegions />
      <div className="table-bar">
        <nav className="table-back"><a href="/" onClick={(e) => { e.preventDefault(); navigate('/'); }}>← {t('table.back')}</a></nav>
        <TableHeading table={table} />
        {/* A turn-based table: what changed since my own last move, in a line (the log marks where). */}
        <SinceYourMoveLine table={table} />
        {/* A tournament's table: the way back to it, and its watch (the next table it seats me at opens at once). */}
        {table.summary.tournament !== undefined && <TournamentLine tournament={table.summary.tournament} tableId={table.summary.id} />}
        {/* How to play this table's game, folded until opened (ui/learn); its texts load when it is first opened. */}
        <LoadOnOpen file="learn"><TableHelp game={table.summary.game} /></LoadOnOpen>
        {folded && (
          // While a game runs, and under its end screen, the seats are in the game's own display: this panel stays folded in the bar.
          <details className="panel seats-folded"><summary>{t('table.seatsTitle')}</summary><Seats table={table} invite={invite} /></details>
        )}
        {snapshot !== undefined && <Fairness table={table} snapshot={snapshot} />}
        {/* It places the keyboard itself after its own actions. */}
        <div className="table-leave" data-own-focus><AwayBar table={table} snapshot={snapshot} /></div>
      </div>
      <div className="table-body">
        <div className="table-main">
          {!folded && <Seats table={table} invite={invite} />}
          {snapshot !== undefined && (
            <SinceSeats.Provider value={table.summary.turnBased !== undefined ? table.yourSeats : null}>
              <div className="table-game" data-own-focus><Game table={table} snapshot={snapshot} names={names} /></div>
            </SinceSeats.Provider>
          )}
          {/* A finished game I played: the coach's review of my seat (its seed revealed: the game is over). */}
          {snapshot !== undefined && snapshot.seat !== null && snapshot.seed !== null && (
            <FinishedGameCoach tableId={table.summary.id} invite={table.invite} gameNo={snapshot.gameNo} seat={snapshot.seat} />
          )}
        </div>
        <Chat table={table} />
      </div>
    </div>
    </LiveRegionsPresent.Provider>
  );
}

/**
 * The table's heading: its game, "Rated" when its games change ratings, a turn-based table's pace,
 * and a link to the replay of
 * the game before the one being played. A finished game's own end screen links to its replay, so
 * this link shows only while a later game runs (never two links to one replay on one screen).
 */
function TableHeading({ table }: { table: TableState }) {
  const { t } = useTranslation();
  const { navigate } = useServices();
  const s = table.summary;
  const previous = s.status === 'running' && s.gameNo > 1 ? s.gameNo - 1 : null;
  const href = previous === null ? null : replayHref(s.id, previous, table.invite);
  return (
    <div className="row table-heading">
      <h1>{t(`games.${s.game}.name`)}</h1>
      {s.rated === true && <RatedBadge />}
      {href !== null && (
        <a className="small table-replay" href={href} onClick={(e) => {
          if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
          e.preventDefault();
          navigate(href);
        }}>{t('table.replayGame', { n: previous })}</a>
      )}
      {/* A turn-based table's clocks, in words: what its players plan their days by. */}
      <TurnPaceLine summary={s} />
    </div>
  );
}

/**
 * Loads a locale file (i18n/index.ts, `loadStrings`) the first time a folded part inside is opened:
 * the table's rules panel needs the "How to play" texts only then. (`toggle` does not bubble; it is
 * caught on its way down.)
 */
function LoadOnOpen({ file, children }: { file: string; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (el === null) return;
    const onToggle = (e: Event) => { if ((e.target as HTMLDetailsElement).open) void loadStrings(file).catch(() => undefined); };
    el.addEventListener('toggle', onToggle, true);
    return () => el.removeEventListener('toggle', onToggle, true);
  }, [file]);
  return <div ref={box} className="load-on-open">{children}</div>;
}

/** The coach (ui/coach), with its words (coach.json), loaded only when a finished game shows it. */
const CoachPanel = lazy(async () => {
  const [module] = await Promise.all([import('../coach/CoachPanel.js'), loadStrings('coach').catch(() => undefined)]);
  return { default: module.CoachPanel };
});

/**
 * The coach's review of a finished game for the seat I played, fed with the game's export fetched as
 * the fairness panel's download link gets it (GET /tables/<id>/export?game=<n>, with a private
 * table's invite). Nothing shows until the export is there, nor if it cannot be had.
 */
function FinishedGameCoach({ tableId, invite, gameNo, seat }: { tableId: string; invite: string | null; gameNo: number; seat: number }) {
  const key = `${tableId}/${gameNo}`;
  const [exported, setExported] = useState<{ key: string; value: GameExport } | null>(null);
  useEffect(() => {
    let live = true;
    void fetch(exportHref(tableId, invite, gameNo))
      .then(async (r) => (r.ok ? await r.json() as GameExport : null))
      .then((value) => { if (live && value !== null) setExported({ key, value }); })
      .catch(() => undefined);
    return () => { live = false; };
  }, [key, tableId, invite, gameNo]);
  if (exported === null || exported.key !== key) return null;
  return <Suspense fallback={null}><CoachPanel exported={exported.value} seat={seat} /></Suspense>;
}

export function seatName(s: SeatInfo, t: (k: string) => string): string {
  if (s.kind === 'player') return s.player.name;
  if (s.kind === 'bot') return botName(s.level, s.seat, t);
  return t('table.empty');
}

/**
 * A table that has closed (it never started, or everyone left): it can no longer be watched, but the
 * games finished there can still be downloaded — the link shows when the server has one to give.
 */
function Closed({ tableId, invite }: { tableId: string; invite: string | null }) {
  const { t } = useTranslation();
  const { navigate } = useServices();
  const href = exportHref(tableId, invite);
  const [exportable, setExportable] = useState(false);
  useEffect(() => {
    let live = true;
    fetch(href, { method: 'HEAD' }).then((r) => { if (live) setExportable(r.ok); }, () => undefined);
    return () => { live = false; };
  }, [href]);
  return (
    <div className="table-page">
      <nav><a href="/" onClick={(e) => { e.preventDefault(); navigate('/'); }}>← {t('table.back')}</a></nav>
      <section className="panel table-closed" role="alert" aria-labelledby="closed-title">
        <h1 id="closed-title">{t('table.closed.title')}</h1>
        <p>{t('table.closed.text')}</p>
        {exportable && <p className="small">{t('table.closed.export')} <a href={href} download>{t('table.closed.download')}</a></p>}
      </section>
    </div>
  );
}

function Game({ table, snapshot: shown, names }: { table: TableState; snapshot: GameSnapshot; names: string[] }) {
  const { client } = useServices();
  // While a stand-in bot plays my seat, the game asks me nothing: "I'm back" first.
  const snapshot = myAwayReason(table) !== null && shown.seat !== null ? { ...shown, legal: [] } : shown;
  const act = async (action: GameAction): Promise<boolean> => {
    if (snapshot.seat === null) return false;
    const r = await client.request({ type: 'action', tableId: table.summary.id, seat: snapshot.seat, seq: snapshot.seq, action });
    return r.type === 'ok';
  };
  const props: GameProps = { table, snapshot, names, act };
  const Screen = GAME_SCREENS[table.summary.game];
  return <Screen {...props} />;
}

function Seats({ table, invite }: { table: TableState; invite: string | null }) {
  const { t } = useTranslation();
  const { client } = useServices();
  const player = useApp((s) => s.player);
  const levels = useApp((s) => s.botLevels[table.summary.game]) ?? [];
  const [copied, setCopied] = useState(false);
  const s = table.summary;
  const id = s.id;
  const creator = player?.id === s.creator.id;
  const editable = s.status !== 'running' && s.status !== 'closed';
  const seated = table.yourSeats.length > 0;
  const full = s.seats.every((x) => x.kind !== 'empty');
  const inviteLink = table.invite ? `${window.location.origin}/t/${id}?invite=${table.invite}` : null;
  return (
    <section className="panel seats" aria-label={t('table.seatsTitle')}>
      <ol>
        {s.seats.map((seat) => (
          <li key={seat.seat} className={`seat seat-${seat.kind}`}>
            <SeatAvatar seat={seat} size="md" />
            <span className="seat-name">{seatName(seat, t)}{seat.kind === 'player' && seat.player.id === player?.id ? ` (${t('table.you')})` : ''}</span>
            {seat.kind === 'player' && seat.player.account === true && <AccountBadge />}
            {seat.kind === 'player' && seat.player.bot === true && <BotBadge seat />}
            {seat.kind === 'player' && <ReliabilityBadge reliability={seat.reliability} />}
            {seat.kind === 'player' && !seat.connected && <span className="badge">{t('table.disconnected')}</span>}
            {seat.kind === 'player' && seat.away && <span className="badge">{t('table.away')}</span>}
            {/* Another player, reported from their seat with this table as the evidence (an account's only: ReportDialog). */}
            {seat.kind === 'player' && <ReportButton target={{ playerId: seat.player.id, name: seat.player.name, tableId: id }} />}
            {editable && seat.kind === 'empty' && (
              <>
                {/* One seat per person: once seated here, no other seat is offered. */}
                {!seated && <button type="button" onClick={() => void client.request({ type: 'table.sit', tableId: id, seat: seat.seat, ...(invite ? { invite } : {}) })}>{t('table.sit')}</button>}
                {creator && levels.map((level) => (
                  <button key={level} type="button" className="secondary" onClick={() => void client.request({ type: 'table.bot.add', tableId: id, seat: seat.seat, level })}>
                    + {t(`table.botLevel.${level}`)}
                  </button>
                ))}
              </>
            )}
            {editable && seat.kind === 'player' && seat.player.id === player?.id && (
              <button type="button" className="secondary" onClick={() => void client.request({ type: 'table.leave', tableId: id, seat: seat.seat })}>{t('table.leave')}</button>
            )}
            {editable && creator && seat.kind === 'bot' && (
              <button type="button" className="secondary" onClick={() => void client.request({ type: 'table.bot.remove', tableId: id, seat: seat.seat })}>{t('table.removeBot')}</button>
            )}
          </li>
        ))}
      </ol>
      {editable && (
        <div className="row">
          {/* After a game the end screen offers "Play again"; this button starts the first game. */}
          {s.status === 'open' && creator && (
            <button type="button" disabled={!full} onClick={() => void client.request({ type: s.status === 'finished' ? 'table.again' : 'table.start', tableId: id })}>
              {t('table.start')}
            </button>
          )}
          {!full && <span className="hint">{t('table.needSeats')}</span>}
          {full && !creator && s.status === 'open' && <span className="hint">{t('table.waitingStart')}</span>}
        </div>
      )}
      {/* Between games, a free seat: the creator and the seated players may invite an account to it. */}
      {editable && !full && (creator || seated) && s.tournament === undefined && <InviteForm tableId={id} />}
      {inviteLink && (
        <div className="row invite">
          <label>{t('table.invite')} <input readOnly value={inviteLink} onFocus={(e) => e.target.select()} /></label>
          <button type="button" className="secondary" onClick={() => { void navigator.clipboard?.writeText(inviteLink); setCopied(true); }}>
            {copied ? t('table.copied') : t('table.copy')}
          </button>
        </div>
      )}
    </section>
  );
}
