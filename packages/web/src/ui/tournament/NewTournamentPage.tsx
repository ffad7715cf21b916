import {
  ARENA_MINUTES, GAME_IDS, type GameId, MAX_TOURNAMENT_NAME, MAX_TOURNAMENT_PLAYERS, ROUND_MINUTES, SWISS_ROUNDS, TOURNAMENT_MOVE_TIMERS,
} from '@parlor/protocol';
import { gameModule } from '@parlor/rules';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, tournamentHref } from '../../net/api.js';
import { RatedOption } from '../account/RatedOption.js';
import { useApp, useServices } from '../context.js';
import { useTitle } from '../learn/useTitle.js';
import { OptionFields } from '../lobby/OptionFields.js';
import { DEFAULT_OPTIONS, SEAT_RANGE, fitOptionsToSeats } from '../lobby/options.js';
import { GameCover } from '../lobby/Pictures.js';
import { Link, Nav } from '../profile/Nav.js';
import { ErrorText } from './ErrorText.js';
import { type FormField, type FormProblem, type TournamentForm, formRequest, localInputValue } from './request.js';
import '../account/account.css';
import './tournament.css';

const clampSeats = (g: GameId, n: number) => Math.min(Math.max(n, SEAT_RANGE[g][0]), SEAT_RANGE[g][1]);

function initialForm(now: number): TournamentForm {
  const game = GAME_IDS[0];
  return {
    game, format: 'arena', name: '', minutes: 30, rounds: 5, roundMinutes: ROUND_MINUTES.default,
    // An hour from now, on the hour.
    startNow: true, startAt: localInputValue(Math.ceil((now + 3_600_000) / 3_600_000) * 3_600_000),
    seats: clampSeats(game, 4), options: DEFAULT_OPTIONS[game], moveTimer: 60,
    responseWindow: gameModule(game).responseWindow?.seconds.default ?? null,
    rated: false, private: false, minPlayers: null, fillWithBots: false,
  };
}

/**
 * `/tournaments/new`: the form that makes a tournament (accounts only: a guest is shown the way to
 * claim their name). Its game, format and length, name, start, seats, the game's options, move
 * timer and response window, rated, by invite, the players needed and whether bots fill tables.
 * Sent, it opens the new tournament's page; a refusal is said in words.
 */
export function NewTournamentPage() {
  const { t } = useTranslation();
  const account = useApp((s) => s.account);
  useTitle(`${t('tournament.new.title')} — ${t('app.name')}`);
  return (
    <div className="tournament-new-page">
      <Nav />
      <nav className="tournament-back"><Link href="/tournaments">← {t('tournament.page.back')}</Link></nav>
      <h1>{t('tournament.new.title')}</h1>
      {account ? <Form /> : (
        <p className="panel">
          {t('tournament.new.guest')} <Link href="/account/claim">{t('account.claim.title')}</Link> · <Link href="/account/sign-in">{t('account.signIn.title')}</Link>
        </p>
      )}
    </div>
  );
}

function Form() {
  const { t } = useTranslation();
  const { client, navigate } = useServices();
  const [f, setF] = useState<TournamentForm>(() => initialForm(Date.now()));
  const [problems, setProblems] = useState<FormProblem[]>([]);
  const [refusal, setRefusal] = useState<{ code: string; message: string; retryAfter: number | null } | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<TournamentForm>) => setF((x) => ({ ...x, ...patch }));
  const module = gameModule(f.game);
  const window = module.responseWindow?.seconds ?? null;
  const [min, max] = SEAT_RANGE[f.game];
  const pickGame = (g: GameId) => setF((x) => {
    const seats = clampSeats(g, x.seats);
    return {
      ...x, game: g, seats, options: fitOptionsToSeats(g, DEFAULT_OPTIONS[g], seats),
      responseWindow: gameModule(g).responseWindow?.seconds.default ?? null,
    };
  });
  const problem = (field: FormField) => problems.find((p) => p.field === field);
  const said = (field: FormField): ReactNode => {
    const p = problem(field);
    return p === undefined ? null : <p id={`tn-${field}-problem`} className="field-problem">{t(`tournament.new.problems.${p.key}`, p.values)}</p>;
  };
  /** A field's own accessibility: its help and, once checked, its problem. */
  const described = (field: FormField, help: string | null) => ({
    'aria-invalid': problem(field) !== undefined || undefined,
    'aria-describedby': [help, problem(field) === undefined ? null : `tn-${field}-problem`].filter((x) => x !== null).join(' ') || undefined,
  });
  const num = (v: string) => (v.trim() === '' ? Number.NaN : Number(v));
  const shown = (x: number) => (Number.isNaN(x) ? '' : String(x));

  const submit = async () => {
    const made = formRequest(f, Date.now(), window, module.minPlayers);
    if (!made.ok) { setProblems(made.problems); setRefusal(null); return; }
    setProblems([]);
    const token = client.token;
    if (token === null) { setRefusal({ code: 'UNAUTHORIZED', message: '', retryAfter: null }); return; }
    setBusy(true);
    const r = await api.createTournament(token, made.request);
    setBusy(false);
    if (r.ok) navigate(tournamentHref(r.value.id));
    else setRefusal({ code: r.code, message: r.message, retryAfter: r.retryAfter });
  };

  return (
    <form className="panel create tournament-form" aria-labelledby="tn-form-title" noValidate onSubmit={(e) => { e.preventDefault(); void submit(); }}>
      <h2 id="tn-form-title" className="visually-hidden">{t('tournament.new.title')}</h2>
      <fieldset>
        <legend>{t('create.game')}</legend>
        {GAME_IDS.map((g) => (
          <label key={g} className="choice">
            <input type="radio" name="tn-game" value={g} checked={f.game === g} onChange={() => pickGame(g)} />
            <GameCover game={g} className="choice-cover" />
            <span><strong>{t(`games.${g}.name`)}</strong> <span className="muted">({t(`games.${g}.players`)})</span></span>
          </label>
        ))}
      </fieldset>
      <fieldset>
        <legend>{t('tournament.new.format')}</legend>
        {(['arena', 'swiss'] as const).map((format) => (
          <label key={format} className="choice">
            <input type="radio" name="tn-format" value={format} checked={f.format === format} onChange={() => set({ format })} aria-describedby={`tn-${format}-help`} />
            <span><strong>{t(`tournament.format.${format}`)}</strong><br /><span id={`tn-${format}-help`} className="small">{t(`tournament.new.${format}Help`)}</span></span>
          </label>
        ))}
      </fieldset>
      {f.format === 'arena' ? (
        <>
          <label>{t('tournament.new.minutes')}
            <input type="number" inputMode="numeric" min={ARENA_MINUTES.min} max={ARENA_MINUTES.max} step={5} value={shown(f.minutes)}
              onChange={(e) => set({ minutes: num(e.target.value) })} {...described('minutes', 'tn-minutes-help')} />
          </label>
          <p id="tn-minutes-help" className="hint">{t('tournament.new.minutesHelp', { min: ARENA_MINUTES.min, max: ARENA_MINUTES.max })}</p>
          {said('minutes')}
        </>
      ) : (
        <>
          <label>{t('tournament.new.rounds')}
            <input type="number" inputMode="numeric" min={SWISS_ROUNDS.min} max={SWISS_ROUNDS.max} value={shown(f.rounds)}
              onChange={(e) => set({ rounds: num(e.target.value) })} {...described('rounds', 'tn-rounds-help')} />
          </label>
          <p id="tn-rounds-help" className="hint">{t('tournament.new.roundsHelp', { min: SWISS_ROUNDS.min, max: SWISS_ROUNDS.max })}</p>
          {said('rounds')}
          <label>{t('tournament.new.roundMinutes')}
            <input type="number" inputMode="numeric" min={ROUND_MINUTES.min} max={ROUND_MINUTES.max} value={shown(f.roundMinutes)}
              onChange={(e) => set({ roundMinutes: num(e.target.value) })} {...described('roundMinutes', 'tn-round-minutes-help')} />
          </label>
          <p id="tn-round-minutes-help" className="hint">{t('tournament.new.roundMinutesHelp')}</p>
          {said('roundMinutes')}
        </>
      )}
      <label>{t('tournament.new.name')}
        <input type="text" maxLength={MAX_TOURNAMENT_NAME * 2} value={f.name} onChange={(e) => set({ name: e.target.value })} {...described('name', 'tn-name-help')} />
      </label>
      <p id="tn-name-help" className="hint">{t('tournament.new.nameHelp', { max: MAX_TOURNAMENT_NAME })}</p>
      {said('name')}
      <fieldset>
        <legend>{t('tournament.new.start')}</legend>
        <label className="choice"><input type="radio" name="tn-start" checked={f.startNow} onChange={() => set({ startNow: true })} /> {t('tournament.new.startNow')}</label>
        <label className="choice"><input type="radio" name="tn-start" checked={!f.startNow} onChange={() => set({ startNow: false })} /> {t('tournament.new.startLater')}</label>
        {!f.startNow && (
          <label>{t('tournament.new.startAt')}
            <input type="datetime-local" value={f.startAt} onChange={(e) => set({ startAt: e.target.value })} {...described('startAt', null)} />
          </label>
        )}
        {said('startAt')}
      </fieldset>
      <label>{t('tournament.new.seats')}
        <select value={f.seats} onChange={(e) => { const seats = Number(e.target.value); set({ seats, options: fitOptionsToSeats(f.game, f.options, seats) }); }}>
          {Array.from({ length: max - min + 1 }, (_, i) => min + i).map((n) => <option key={n} value={n}>{n}</option>)}
        </select>
      </label>
      <OptionFields game={f.game} seats={f.seats} options={f.options} onChange={(options) => set({ options })} />
      <label>{t('create.moveTimer')}
        <select value={f.moveTimer} onChange={(e) => set({ moveTimer: Number(e.target.value) as TournamentForm['moveTimer'] })} aria-describedby="tn-timer-help">
          {TOURNAMENT_MOVE_TIMERS.map((s) => <option key={s} value={s}>{t('create.seconds', { count: s })}</option>)}
        </select>
      </label>
      <p id="tn-timer-help" className="hint">{t('tournament.new.moveTimerHelp')}</p>
      {window !== null && f.responseWindow !== null && (
        <>
          <label>{t(`options.${f.game}.responseWindow.label`)}
            <input type="number" min={window.min} max={window.max} value={shown(f.responseWindow)}
              onChange={(e) => set({ responseWindow: num(e.target.value) })} {...described('responseWindow', 'tn-window-help')} />
          </label>
          <p id="tn-window-help" className="hint">{t(`options.${f.game}.responseWindow.help`)}</p>
          {said('responseWindow')}
        </>
      )}
      <RatedOption rated={f.rated} onChange={(rated) => set({ rated })} />
      <div className="option">
        <label className="choice">
          <input type="checkbox" checked={f.private} onChange={(e) => set({ private: e.target.checked })} aria-describedby="tn-private-help" />
          <span>{t('tournament.new.private')}</span>
        </label>
        <p id="tn-private-help" className="hint">{t('tournament.new.privateHelp')}</p>
      </div>
      <label>{t('tournament.new.minPlayers')}
        <input type="number" inputMode="numeric" min={Math.max(2, module.minPlayers)} max={MAX_TOURNAMENT_PLAYERS} value={f.minPlayers === null ? '' : shown(f.minPlayers)}
          onChange={(e) => set({ minPlayers: e.target.value.trim() === '' ? null : num(e.target.value) })} {...described('minPlayers', 'tn-min-help')} />
      </label>
      <p id="tn-min-help" className="hint">{t('tournament.new.minPlayersHelp')}</p>
      {said('minPlayers')}
      <div className="option">
        <label className="choice">
          <input type="checkbox" checked={f.fillWithBots} onChange={(e) => set({ fillWithBots: e.target.checked })} aria-describedby="tn-bots-help" />
          <span>{t('tournament.new.fillWithBots')}</span>
        </label>
        <p id="tn-bots-help" className="hint">{t('tournament.new.fillWithBotsHelp')}</p>
      </div>
      {problems.length > 0 && <p className="form-error" role="alert">{t('tournament.new.fix')}</p>}
      {refusal !== null && (
        <div className="form-error" role="alert">
          <p>{t('tournament.new.refused')} <ErrorText code={refusal.code} retryAfter={refusal.retryAfter} /></p>
          {refusal.code === 'BAD_TOURNAMENT' && refusal.message !== '' && <p lang="en" className="small">{refusal.message}</p>}
        </div>
      )}
      <div className="row">
        <button type="submit" disabled={busy}>{t('tournament.new.submit')}</button>
        <Link href="/tournaments">{t('create.cancel')}</Link>
      </div>
    </form>
  );
}
