import { MAX_REPORT_TEXT, REPORT_REASONS, type ReportReason } from '@parlor/protocol';
import { useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useStrings } from '../WithStrings.js';
import { useApp, useServices } from '../context.js';
import { MODERATION_FILES, moderationApi } from './api.js';
import { ModErrorText } from './ModErrorText.js';
import './moderation.css';

/** Where a report comes from: a chat line of the player's, a table, or neither (their profile). */
export interface ReportTarget {
  readonly playerId: string;
  readonly name: string;
  readonly tableId?: string;
  readonly chatLineId?: string;
}

/**
 * A "Report" button and its dialog, for accounts only (a guest cannot report: the server says
 * ACCOUNT_REQUIRED, so a guest is not offered it). `compact` is the small button of a chat line.
 */
export function ReportButton({ target, compact = false }: { target: ReportTarget; compact?: boolean }) {
  const { t } = useTranslation();
  const ready = useStrings(MODERATION_FILES);
  const account = useApp((s) => s.account);
  const me = useApp((s) => s.player);
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  if (!ready || !account || me === null || me.id === target.playerId) return null;
  const label = compact ? t('moderation.report.lineLabel', { name: target.name }) : t('moderation.report.label', { name: target.name });
  return (
    <>
      <button ref={button} type="button" className={compact ? 'report-line small' : 'secondary'} aria-label={label}
        aria-haspopup="dialog" onClick={() => setOpen(true)}>{t('moderation.report.button')}</button>
      {/* On the page's body: not inside the chat's live region nor its scrolled list. */}
      {open && createPortal(<ReportDialog target={target} onClose={() => { setOpen(false); button.current?.focus(); }} />, document.body)}
    </>
  );
}

/** The modal: a reason (one of the server's codes), optional words, Send / Cancel; Escape closes it. */
function ReportDialog({ target, onClose }: { target: ReportTarget; onClose: () => void }) {
  const { t } = useTranslation();
  const { client } = useServices();
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<{ code: string; retryAfter: number | null } | null>(null);
  useEffect(() => {
    const d = dialog.current;
    if (d !== null && !d.open) d.showModal();
  }, []);
  // Closed first, so the page is no longer inert when focus goes back to the button.
  const close = () => { dialog.current?.close(); onClose(); };
  const send = async () => {
    const token = client.token;
    if (reason === null) { setError({ code: 'NO_REASON', retryAfter: null }); return; }
    if (token === null) return;
    setBusy(true);
    const r = await moderationApi.report(token, {
      playerId: target.playerId, reason, text: text.trim(),
      ...(target.chatLineId !== undefined ? { chatLineId: target.chatLineId } : target.tableId !== undefined ? { tableId: target.tableId } : {}),
    });
    setBusy(false);
    if (r.ok) { setSent(true); setError(null); } else setError({ code: r.code, retryAfter: r.retryAfter });
  };
  return (
    <dialog ref={dialog} role="dialog" aria-modal="true" className="report-dialog panel" aria-labelledby={`${id}-h`}
      onCancel={(e) => { e.preventDefault(); close(); }}>
      <h2 id={`${id}-h`}>{t('moderation.report.title', { name: target.name })}</h2>
      {sent ? (
        <>
          <p role="status">{t('moderation.report.thanks')}</p>
          <div className="row"><button type="button" autoFocus onClick={close}>{t('moderation.close')}</button></div>
        </>
      ) : (
        <form onSubmit={(e) => { e.preventDefault(); void send(); }}>
          <fieldset>
            <legend>{t('moderation.report.reason')}</legend>
            {REPORT_REASONS.map((r) => (
              <label key={r} className="radio-row">
                <input type="radio" name={`${id}-reason`} value={r} checked={reason === r} onChange={() => setReason(r)} />
                {' '}{t(`moderation.reasons.${r}`)}
              </label>
            ))}
          </fieldset>
          <label htmlFor={`${id}-text`}>{t('moderation.report.text')}</label>
          <textarea id={`${id}-text`} maxLength={MAX_REPORT_TEXT} rows={3} value={text} onChange={(e) => setText(e.target.value)}
            aria-describedby={`${id}-count`} />
          <p id={`${id}-count`} className="small muted">{t('moderation.chars', { n: text.length, max: MAX_REPORT_TEXT })}</p>
          {error !== null && <p role="alert" className="form-error"><ModErrorText code={error.code} retryAfter={error.retryAfter} /></p>}
          <div className="row">
            <button type="submit" disabled={busy}>{t('moderation.report.send')}</button>
            <button type="button" className="secondary" onClick={close}>{t('moderation.cancel')}</button>
          </div>
        </form>
      )}
    </dialog>
  );
}
