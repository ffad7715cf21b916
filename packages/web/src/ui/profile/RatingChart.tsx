import { useTranslation } from 'react-i18next';

/** A new player's shown rating: μ − 3σ with μ = 25 and σ = 25/3 (docs/api.md, "Ratings"). */
export const START_RATING = 0;

const W = 320;
const H = 120;
const PAD = { left: 34, right: 8, top: 10, bottom: 18 };

/** The chart's points: x by game (0 = the start), y by rating, in the SVG's own units. */
export function chartPoints(ratings: readonly number[]): { x: number; y: number; rating: number }[] {
  const values = [START_RATING, ...ratings];
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

const fmt = (x: number) => (Math.round(x * 10) / 10).toString();

/**
 * The rating after each rated game as a small line chart, drawn here in SVG (no chart library):
 * from the starting rating, one point a game, the lowest and highest values on the axis. Its text
 * alternative says where it started, where it is and over how many games.
 */
export function RatingChart({ history, game }: { history: readonly { at: string; rating: number }[]; game: string }) {
  const { t, i18n } = useTranslation();
  const points = chartPoints(history.map((h) => h.rating));
  const values = points.map((p) => p.rating);
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  const line = points.map((p) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ');
  const label = t('account.profile.chartLabel', {
    game, count: history.length, from: fmt(START_RATING), to: fmt(values.at(-1) ?? START_RATING), low: fmt(lo), high: fmt(hi),
  });
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
      {points.map((p, i) => (
        <circle key={i} className={i === points.length - 1 ? 'dot last' : 'dot'} cx={p.x} cy={p.y} r={i === points.length - 1 ? 4 : 2.5}>
          <title>{i === 0 ? `${t('account.profile.chartStart')}: ${fmt(p.rating)}` : `${new Date(history[i - 1]!.at).toLocaleDateString(i18n.language)}: ${fmt(p.rating)}`}</title>
        </circle>
      ))}
    </svg>
  );
}
