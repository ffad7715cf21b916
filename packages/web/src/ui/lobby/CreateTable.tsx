import { GAME_IDS, type GameId, MOVE_TIMERS } from '@parlor/protocol';
import { graceChoices } from './options.js';
import { GAME_INFO } from '@parlor/rules/catalog';
import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RatedOption } from '../account/RatedOption.js';
import { useApp, useServices } from '../context.js';
import { GameCover } from './Pictures.js';
import { OptionFields } from './OptionFields.js';
import { MinReliabilityField } from '../reputation/MinReliabilityField.js';
import { DEFAULT_OPTIONS, SEAT_RANGE, fitOptionsToSeats } from './options.js';
import { formatDuration } from '../table/durations.js';
import {
  TURN_BANK_CHOICES, TURN_BANK_DEFAULT, TURN_MOVE_CHOICES, TURN_MOVE_DEFAULT, TURN_WINDOW_CHOICES, TURN_WINDOW_DEFAULT,
  type TableMode, createMessage,
} from './create-message.js';

// The friends to invite with the table: a chunk of its own, loaded with the form (accounts only).
const InviteFriendsField = lazy(() => import('../friends/InviteFriendsField.js').then((m) => ({ default: m.InviteFriendsField })));

/**
 * The create-table form: every option of each game, with a short explanation of each, and how the
 * table is played — real-time (the default: a move timer, a grace period) or turn-based (a time per
 * move, a time bank, a window's length, over hours or days). An account may tick friends to invite:
 * once the server's answer names the table, one `table.invite` goes to each, and the refusals wait
 * for the table's invite form (invitations/after-create.ts).
 */
export function CreateTable({ onDone }: { onDone: (tableId: string | null) => void }) {
  const { t, i18n } = useTranslation();
  const { client, store } = useServices();
  const [game, setGame] = useState<GameId>(GAME_IDS[0]);
  const [seats, setSeats] = useState(3);
  const [priv, setPriv] = useState(false);
  const account = useApp((s) => s.account);
  const [rated, setRated] = useState(false);
  const [moveTimer, setMoveTimer] = useState<number>(0);
  const serverGrace = useApp((s) => s.grace) ?? 30;
  const [grace, setGrace] = useState<number>(() => (graceChoices(serverGrace).includes(serverGrace) ? serverGrace : 30));
  const window = GAME_INFO[game].responseWindow;
  const [responseWindow, setResponseWindow] = useState<number | null>(window?.seconds.default ?? null);
  const [options, setOptions] = useState<Record<string, unknown>>(DEFAULT_OPTIONS[game]);
  const [busy, setBusy] = useState(false);
  const [mode, setMode] = useState<TableMode>('live');
  const [moveSeconds, setMoveSeconds] = useState(TURN_MOVE_DEFAULT);
  const [bankSeconds, setBankSeconds] = useState(TURN_BANK_DEFAULT);
  const [windowSeconds, setWindowSeconds] = useState(TURN_WINDOW_DEFAULT);
  const [vacation, setVacation] = useState(true);
  const [minReliability, setMinReliability] = useState<number | null>(null);
  const [friends, setFriends] = useState<string[]>([]);
  const [min, max] = SEAT_RANGE[game];
  const turn = mode === 'turn-based';
  const duration = (s: number) => formatDuration(s, i18n.language);

  const pickGame = (g: GameId) => {
    setGame(g);
    setOptions(DEFAULT_OPTIONS[g]);
    setResponseWindow(GAME_INFO[g].responseWindow?.seconds.default ?? null);
    setSeats((n) => Math.min(Math.max(n, SEAT_RANGE[g][0]), SEAT_RANGE[g][1]));
  };
  // A seat-valued option (who plays first) names a seat of the table: fewer seats reset a choice beyond them.
  const pickSeats = (n: number) => {
    setSeats(n);
    setOptions((o) => fitOptionsToSeats(game, o, n));
  };
  const submit = async () => {
    setBusy(true);
    const r = await client.request(createMessage({
      game, seats, options, private: priv, rated: rated && account, mode, moveTimer: moveTimer as 0 | 30 | 60 | 120, responseWindow, grace,
      moveSeconds, bankSeconds, windowSeconds: window === null ? null : windowSeconds, vacation, minReliability,
    }));
    // A refusal is listed at the table's invite form, named: not again, unnamed, in the notice bar.
    // (Loaded only then: the lobby's first load does without it.)
    if (r.type === 'table' && account && friends.length > 0) {
      const { inviteAfterCreate } = await import('../invitations/after-create.js');
      if ((await inviteAfterCreate(client, r.table.id, friends)).length > 0) store.clearNotice();
    }
    setBusy(false);
    if (r.type === 'table') onDone(r.table.id);
  };

  return (
    <form id="create-table" className="create" aria-labelledby="create-title" onSubmit={(e) => { e.preventDefault(); void submit(); }}>
      <h3 id="create-title">{t('create.title')}</h3>
      <fieldset>
        <legend>{t('create.game')}</legend>
        {GAME_IDS.map((g) => (
          <label key={g} className="choice">
            <input type="radio" name="game" value={g} checked={game === g} onChange={() => pickGame(g)} />
            <GameCover game={g} className="choice-cover" />
            <span><strong>{t(`games.${g}.name`)}</strong> <span className="muted">({t(`games.${g}.players`)})</span><br />
              <span className="small">{t(`games.${g}.blurb`)}</span></span>
          </label>
        ))}
      </fieldset>
      <label>{t('create.seats')}
        <select value={seats} onChange={(e) => pickSeats(Number(e.target.value))}>
          {Array.from({ length: max - min + 1 }, (_, i) => min + i).map((n) => <option key={n} value={n}>{n}</option>)}
        </select>
      </label>
      <OptionFields game={game} seats={seats} options={options} onChange={setOptions} />
      <fieldset>
        <legend>{t('create.visibility')}</legend>
        <label className="choice"><input type="radio" name="vis" checked={!priv} onChange={() => setPriv(false)} /> {t('create.public')}</label>
        <label className="choice"><input type="radio" name="vis" checked={priv} onChange={() => setPriv(true)} /> {t('create.private')}</label>
      </fieldset>
      <RatedOption rated={rated && account} onChange={setRated} />
      <MinReliabilityField value={minReliability} onChange={setMinReliability} />
      <fieldset>
        <legend>{t('create.mode')}</legend>
        <label className="choice"><input type="radio" name="mode" checked={!turn} onChange={() => setMode('live')} aria-describedby="mode-live-help" />
          <span>{t('create.modeLive')}<br /><span id="mode-live-help" className="small">{t('create.modeLiveHelp')}</span></span></label>
        <label className="choice"><input type="radio" name="mode" checked={turn} onChange={() => setMode('turn-based')}
          aria-describedby={turn && game === 'flip-7' ? 'mode-turn-help turn-note' : 'mode-turn-help'} />
          <span>{t('create.modeTurn')}<br /><span id="mode-turn-help" className="small">{t('create.modeTurnHelp')}</span></span></label>
      </fieldset>
      {/* Flip 7 is a push-your-luck race, best played live: said gently, and turn-based is still allowed. */}
      {turn && game === 'flip-7' && <p id="turn-note" className="hint">{t('create.turnFlip7')}</p>}
      {turn ? (
        <>
          <label>{t('create.turnMove')}
            <select value={moveSeconds} onChange={(e) => setMoveSeconds(Number(e.target.value))} aria-describedby="turn-move-help">
              {TURN_MOVE_CHOICES.map((s) => <option key={s} value={s}>{duration(s)}</option>)}
            </select>
          </label>
          <p id="turn-move-help" className="hint">{t('create.turnMoveHelp')}</p>
          <label>{t('create.turnBank')}
            <select value={bankSeconds} onChange={(e) => setBankSeconds(Number(e.target.value))} aria-describedby="turn-bank-help">
              {TURN_BANK_CHOICES.map((s) => <option key={s} value={s}>{s === 0 ? t('create.turnBankNone') : duration(s)}</option>)}
            </select>
          </label>
          <p id="turn-bank-help" className="hint">{t('create.turnBankHelp')}</p>
          <label className="choice">
            <input type="checkbox" checked={vacation} onChange={(e) => setVacation(e.target.checked)} aria-describedby="turn-vacation-help" />
            {' '}{t('create.turnVacation')}
          </label>
          <p id="turn-vacation-help" className="hint">{t('create.turnVacationHelp')}</p>
          {window !== null && (
            <>
              <label>{t(`options.${game}.responseWindow.label`)}
                <select value={windowSeconds} onChange={(e) => setWindowSeconds(Number(e.target.value))} aria-describedby="turn-window-help">
                  {TURN_WINDOW_CHOICES.map((s) => <option key={s} value={s}>{duration(s)}</option>)}
                </select>
              </label>
              <p id="turn-window-help" className="hint">{t('create.turnWindowHelp')}</p>
            </>
          )}
        </>
      ) : (
        <>
          <label>{t('create.moveTimer')}
            <select value={moveTimer} onChange={(e) => setMoveTimer(Number(e.target.value))} aria-describedby="timer-help">
              {MOVE_TIMERS.map((s) => <option key={s} value={s}>{s === 0 ? t('create.moveTimerOff') : t('create.seconds', { count: s })}</option>)}
            </select>
          </label>
          <p id="timer-help" className="hint">{t('create.moveTimerHelp')}</p>
          <label>{t('create.grace')}
            <select value={grace} onChange={(e) => setGrace(Number(e.target.value))} aria-describedby="grace-help">
              {graceChoices(serverGrace).map((s) => <option key={s} value={s}>{s < 60 || s % 60 !== 0 ? t('create.seconds', { count: s }) : t('create.minutes', { count: s / 60 })}</option>)}
            </select>
          </label>
          <p id="grace-help" className="hint">{t('create.graceHelp')}</p>
          {window !== null && responseWindow !== null && (
            <>
              <label>{t(`options.${game}.responseWindow.label`)}
                <input type="number" min={window.seconds.min} max={window.seconds.max} value={responseWindow}
                  onChange={(e) => setResponseWindow(Number(e.target.value))} aria-describedby="window-help" />
              </label>
              <p id="window-help" className="hint">{t(`options.${game}.responseWindow.help`)}</p>
            </>
          )}
        </>
      )}
      {account && <Suspense fallback={null}><InviteFriendsField chosen={friends} onChange={setFriends} /></Suspense>}
      <div className="row">
        <button type="submit" disabled={busy}>{t('create.submit')}</button>
        <button type="button" className="secondary" onClick={() => onDone(null)}>{t('create.cancel')}</button>
      </div>
    </form>
  );
}
