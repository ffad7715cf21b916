import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { HUMAN, type OfflineRecord, exportFileName, exportOf } from '../../offline/record.js';
import { botName } from '../table/names.js';

/** Where the offline pages live (routes.tsx). */
export const OFFLINE_PATH = '/offline';
export const offlineGamePath = (id: string): string => `/offline/${id}`;
export const offlineReplayPath = (id: string): string => `/offline/${id}/replay`;

/** The seats' names as the offline table shows them: the person's own, each bot by its level and seat (as at a server's table). */
export function seatNames(record: OfflineRecord, t: (k: string) => string): string[] {
  return record.seats.map((s, seat) => (seat === HUMAN || s.kind === 'player' ? s.name : botName(s.level ?? 'basic', seat, t)));
}

/** Saves a finished game's export as a file (the format of the server's exports: `npx parlor verify <file>`). */
export function downloadExport(record: OfflineRecord): void {
  const exp = exportOf(record);
  if (exp === null) return;
  const url = URL.createObjectURL(new Blob([`${JSON.stringify(exp, null, 2)}\n`], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = exportFileName(record);
  a.hidden = true;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The download button of a finished game (nothing while it is being played: its seed is still secret). */
export function DownloadButton({ record, children }: { record: OfflineRecord; children?: ReactNode }) {
  const { t } = useTranslation();
  if (record.finishedAt === null) return null;
  return <button type="button" className="secondary" onClick={() => downloadExport(record)}>{children ?? t('offline.download')}</button>;
}

/** The winners' names, in the page's language ("Ada and Expert bot 2"). */
export function winnersText(record: OfflineRecord, names: readonly string[], lang: string): string {
  const won = (record.outcome?.winners ?? []).map((s) => names[s] ?? '');
  try {
    return new Intl.ListFormat(lang, { type: 'conjunction' }).format(won);
  } catch {
    return won.join(', ');
  }
}
