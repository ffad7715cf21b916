import type { ReportEvidence } from '@parlor/protocol';
import { useTranslation } from 'react-i18next';
import { Link } from '../profile/Nav.js';

/** A date and time in the page's language. */
export function useDate() {
  const { i18n } = useTranslation();
  return (iso: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(Date.parse(iso));
}

/** A player's record on the moderators' pages: every action on them and every report about them. */
export const playerRecordHref = (id: string) => `/mod/players/${encodeURIComponent(id)}`;

/** The link from a report or an appeal to the player's record. */
export function RecordLink({ player }: { player: { readonly id: string; readonly name: string } }) {
  const { t } = useTranslation();
  return <Link href={playerRecordHref(player.id)}>{t('moderation.mod.record', { name: player.name })}</Link>;
}

/** A report's evidence as kept: the table and its players, and the chat with the reported line marked. */
export function Evidence({ evidence: ev }: { evidence: ReportEvidence }) {
  const { t } = useTranslation();
  const date = useDate();
  return (
    <>
      {ev.table !== null && (
        <p className="small">
          <Link href={`/t/${encodeURIComponent(ev.table.id)}`}>{t('moderation.mod.table', { game: t(`games.${ev.table.game}.name`, { defaultValue: ev.table.game }) })}</Link>
          {ev.table.rated && <> · {t('moderation.mod.rated')}</>}
          {ev.players.length > 0 && <> · {ev.players.map((p) => p.name).join(', ')}</>}
        </p>
      )}
      {ev.chat.length > 0 && (
        <ol className="plain mod-chat" aria-label={t('moderation.mod.chat')}>
          {ev.chat.map((c) => (
            <li key={c.id}>
              {c.id === ev.line
                ? <mark><span className="visually-hidden">{t('moderation.mod.reportedLine')} </span><time dateTime={c.at}>{date(c.at)}</time> <strong>{c.name}:</strong> {c.text}</mark>
                : <><time dateTime={c.at}>{date(c.at)}</time> <strong>{c.name}:</strong> {c.text}</>}
            </li>
          ))}
        </ol>
      )}
    </>
  );
}
