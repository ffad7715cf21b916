import type { SeatRatingChange } from '@parlor/protocol';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../net/api.js';
import type { TableState } from '../../state/store.js';
import { useServices } from '../context.js';
import { RatingChange } from './RatingChange.js';
import { RatingFigure } from './RatingFigure.js';
import './account.css';

/**
 * The end of a rated game, in either game's end screen: each account seat's display rating after
 * the game and the change ("1434? −66"), the viewer's first. The figures come pushed by the server
 * once the game is written (`game.rated`); a page opened later (a reload) asks the viewer's own
 * history for theirs. Nothing at an unrated table, or before the figures are known.
 */
export function RatedResult({ table, gameNo, names, me }: {
  table: TableState; gameNo: number | null; names: readonly string[]; me: number | null;
}) {
  const { t } = useTranslation();
  const { client } = useServices();
  const s = table.summary;
  const pushed = table.rated !== undefined && table.rated.gameNo === gameNo ? table.rated.changes : null;
  const [mine, setMine] = useState<SeatRatingChange | null>(null);
  const token = client.token;
  // Only accounts sit at a rated table: a seat and a token are enough to ask for one's own history.
  const ask = s.rated && gameNo !== null && pushed === null && me !== null && token !== null;
  useEffect(() => {
    if (!ask) return;
    let live = true;
    void api.myGames(null, token).then((r) => {
      if (!live || !r.ok) return;
      const g = r.value.games.find((x) => x.tableId === s.id && x.gameNo === gameNo);
      if (g?.ratingChange !== undefined) setMine({ seat: me, ...g.ratingChange });
    });
    return () => { live = false; };
  }, [ask, token, s.id, gameNo, me]);

  if (!s.rated || gameNo === null) return null;
  const changes = pushed ?? (mine === null ? [] : [mine]);
  if (changes.length === 0) return null;
  const ordered = [...changes].sort((a, b) => Number(b.seat === me) - Number(a.seat === me) || a.seat - b.seat);
  return (
    <section className="rated-result" aria-labelledby={`rated-result-${s.id}`}>
      <h3 id={`rated-result-${s.id}`}>{t('account.rated.result')}</h3>
      <ul>
        {ordered.map((c) => (
          <li key={c.seat} className={c.seat === me ? 'is-me' : undefined}>
            <span className="rated-result-name">{names[c.seat]}{c.seat === me ? ` (${t('table.you')})` : ''}</span>
            <RatingFigure display={c.after} provisional={c.provisional} badge />
            <RatingChange change={c.change} />
          </li>
        ))}
      </ul>
      {changes.some((c) => c.provisional) && <p className="hint small">{t('account.rating.provisionalHelp')}</p>}
    </section>
  );
}
