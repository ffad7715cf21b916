import type { RatingHistoryPoint } from '@parlor/protocol';
import { useTranslation } from 'react-i18next';
import { changeText, ratingText } from '../account/rating-text.js';

/** A new player's display rating (docs/api.md, "Display rating"). */
export const START_RATING = 1500;

const W = 320;
const H = 120;
const PAD = { left: 34, right: 8, top: 10, bottom: 18 };

/** Where a history starts: the figure before its first game (its display less its change), else a new player's. */
export function startOf(history: readonly Pick<RatingHistoryPoint, 'display' | 'change'>[]): number {
  const first = history[0];
  return first === undefined ? START_RATING : first.display - first.change;
}

/** The chart's points: x by game (0 = the start), y by rating, in the SVG's own units. */
export function chartPoints(ratings: readonly number[], start: number = START_RATING): { x: number; y: number; rating: number }[] {
  const values = [start, ...ratings];
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  const span = hi - lo || 1;
  const innerW = W - PAD.left - PAD.right;
  const innerH = H - PAD.top - PAD.bottom;
  return values.map((rating, i) => ({
    x: PAD.left + (values.length === 1 ? innerW : (i / (values.length - 1)) * innerW),
    y: PAD.top + (1 - (rating - lo) / span) * innerH,
    rating,
  }));
}

const fmt = (x: number) => String(Math.round(x));

/**
 * The display rating after each rated game as a small line chart, drawn here in SVG (no chart
 * library): from the starting figure, one point a game, the lowest and highest values on the axis,
 * the last game's change beside its point, and each point's figure and change in its tooltip. Its
 * text alternative says where it started, where it is, over how many games, and the last change.
 */
export function RatingChart({ history, game }: { history: readonly RatingHistoryPoint[]; game: string }) {
  const { t, i18n } = useTranslation();
  const start = startOf(history);
  const points = chartPoints(history.map((h) => h.display), start);
  const values = points.map((p) => p.rating);
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  const line = points.map((p) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ');
  const lastGame = history.at(-1);
  const lastPoint = points.at(-1)!;
  const label = t('account.profile.chartLabel', {
    game, count: history.length, from: fmt(start), to: fmt(values.at(-1) ?? start), low: fmt(lo), high: fmt(hi),
  }) + (lastGame === undefined ? '' : ` ${t('account.profile.chartLastChange', { change: changeText(lastGame.change) })}`);
  const yOf = (v: number) => points.find((p) => p.rating === v)!.y;
  return (
    <svg className="rating-chart" viewBox={`0 0 ${W} ${H}`} role="img" aria-label={label} preserveAspectRatio="xMidYMid meet">
      <title>{label}</title>
      <line className="axis" x1={PAD.left} x2={W - PAD.right} y1={yOf(lo)} y2={yOf(lo)} />
      {hi !== lo && <line className="grid" x1={PAD.left} x2={W - PAD.right} y1={yOf(hi)} y2={yOf(hi)} />}
      <text className="tick" x={PAD.left - 4} y={yOf(lo) + 4} textAnchor="end">{fmt(lo)}</text>
      {hi !== lo && <text className="tick" x={PAD.left - 4} y={yOf(hi) + 4} textAnchor="end">{fmt(hi)}</text>}
      <text className="tick" x={PAD.left} y={H - 4}>{t('account.profile.chartStart')}</text>
      <text className="tick" x={W - PAD.right} y={H - 4} textAnchor="end">{t('account.profile.chartGames', { count: history.length })}</text>
      <polyline className="line" points={line} />
      {points.map((p, i) => {
        const h = i === 0 ? undefined : history[i - 1]!;
        return (
          <circle key={i} className={i === points.length - 1 ? 'dot last' : 'dot'} cx={p.x} cy={p.y} r={i === points.length - 1 ? 4 : 2.5}>
            <title>{h === undefined
              ? t('lobby.option', { label: t('account.profile.chartStart'), value: fmt(p.rating) })
              : `${new Date(h.at).toLocaleDateString(i18n.language)}: ${ratingText(h.display, h.provisional)} (${changeText(h.change)})`}</title>
          </circle>
        );
      })}
      {/* The last game's change, at the right edge in the half away from the last point (clear of the line). */}
      {lastGame !== undefined && (
        <text className={`tick change ${lastGame.change > 0 ? 'up' : lastGame.change < 0 ? 'down' : 'same'}`} aria-hidden="true"
          x={W - PAD.right} y={lastPoint.y > H / 2 ? PAD.top + 8 : H - PAD.bottom - 6} textAnchor="end">{changeText(lastGame.change)}</text>
      )}
    </svg>
  );
}
