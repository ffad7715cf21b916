import { type RefObject, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SfScorePoint } from './score-history.js';

/**
 * Each chef's line: a colour from a palette that colour-blind players can tell apart (Okabe and Ito,
 * darkened to stand out on white), and, so that colour is never the only difference, its own dash
 * pattern and marker shape.
 */
const STYLES = [
  { color: '#0067a5', dash: undefined, marker: 'circle' },
  { color: '#b34700', dash: '7 4', marker: 'square' },
  { color: '#00775a', dash: '2 4', marker: 'triangle' },
  { color: '#8e4789', dash: '10 4 2 4', marker: 'diamond' },
  { color: '#6b5800', dash: '4 2', marker: 'cross' },
] as const;

type Marker = (typeof STYLES)[number]['marker'];

function MarkerShape({ kind, x, y, color }: { kind: Marker; x: number; y: number; color: string }) {
  const r = 4.5;
  switch (kind) {
    case 'circle': return <circle cx={x} cy={y} r={r} fill={color} />;
    case 'square': return <rect x={x - r} y={y - r} width={2 * r} height={2 * r} fill={color} />;
    case 'triangle': return <path d={`M${x} ${y - r - 1}L${x + r + 1} ${y + r}H${x - r - 1}z`} fill={color} />;
    case 'diamond': return <path d={`M${x} ${y - r - 1.5}L${x + r + 1.5} ${y}L${x} ${y + r + 1.5}L${x - r - 1.5} ${y}z`} fill={color} />;
    case 'cross': return <path d={`M${x - r} ${y - r}L${x + r} ${y + r}M${x + r} ${y - r}L${x - r} ${y + r}`} stroke={color} strokeWidth="2.5" />;
  }
}

/** A round step for the score axis: at most about six labels. */
function step(range: number): number {
  for (const s of [5, 10, 20, 25, 50, 100, 200]) if (range / s <= 6) return s;
  return 500;
}

/** The width the chart is drawn at: its box's, so that its words keep their size on a phone and on a desktop. */
function useWidth(): [RefObject<HTMLDivElement | null>, number] {
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(560);
  useEffect(() => {
    const el = box.current;
    if (el === null) return;
    const measure = () => setWidth(Math.max(240, Math.round(el.clientWidth)));
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  return [box, width];
}

/**
 * The end screen's chart: every chef's score after each turn, as lines against the target, drawn in
 * SVG. For assistive technology it is one image with a title and a description (the final scores),
 * and the same figures are a table for anyone who opens it.
 */
export function ScoreChart({ history, names, target }: { history: readonly SfScorePoint[]; names: readonly string[]; target: number }) {
  const { t } = useTranslation();
  const id = useId();
  const [box, width] = useWidth();
  if (history.length < 2) return null;
  const players = names.length;
  const all = history.flatMap((p) => p.scores);
  const low = Math.min(0, ...all);
  const high = Math.max(target, ...all);
  const s = step(high - low);
  const yMin = Math.floor(low / s) * s;
  const yMax = Math.ceil(high / s) * s;
  const H = 220;
  const m = { left: 38, right: 12, top: 12, bottom: 34 };
  const W = width;
  const x = (i: number) => m.left + (i / (history.length - 1)) * (W - m.left - m.right);
  const y = (v: number) => m.top + (1 - (v - yMin) / (yMax - yMin)) * (H - m.top - m.bottom);
  const ticks: number[] = [];
  for (let v = yMin; v <= yMax; v += s) ticks.push(v);
  const last = history[history.length - 1]!;
  const turns = last.turn;
  // Turn labels: the first, the last, and a few between that do not crowd each other.
  const every = Math.max(1, Math.ceil(history.length / Math.max(2, Math.floor((W - m.left - m.right) / 44))));
  const labels = history.map((_, i) => i).filter((i) => i === 0 || i === history.length - 1 || (i % every === 0 && history.length - 1 - i >= every / 2));
  const finals = names.map((n, seat) => t('sf.end.chart.final', { name: n, score: last.scores[seat] })).join(', ');

  return (
    <figure className="sf-chart">
      <figcaption id={`${id}-t`}>{t('sf.end.chart.title')}</figcaption>
      <div ref={box} className="sf-chart-box">
        <svg viewBox={`0 0 ${W} ${H}`} width={W} height={H} role="img" aria-labelledby={`${id}-st ${id}-sd`}>
          <title id={`${id}-st`}>{t('sf.end.chart.title')}</title>
          <desc id={`${id}-sd`}>{t('sf.end.chart.desc', { count: turns, scores: finals })}</desc>
          {ticks.map((v) => (
            <g key={v}>
              <line x1={m.left} x2={W - m.right} y1={y(v)} y2={y(v)} stroke={v === 0 ? '#8c7b6c' : '#e6dccf'} strokeWidth="1" />
              <text x={m.left - 6} y={y(v) + 4} textAnchor="end" className="sf-chart-tick">{v}</text>
            </g>
          ))}
          <line x1={m.left} x2={W - m.right} y1={y(target)} y2={y(target)} stroke="#a23b1f" strokeWidth="1.5" strokeDasharray="3 3" />
          <text x={m.left + 6} y={y(target) - 5} textAnchor="start" className="sf-chart-target">{t('sf.target', { target })}</text>
          {labels.map((i) => (
            <text key={i} x={x(i)} y={H - m.bottom + 16} textAnchor="middle" className="sf-chart-tick">{history[i]!.turn}</text>
          ))}
          <text x={(m.left + W - m.right) / 2} y={H - 4} textAnchor="middle" className="sf-chart-axis">{t('sf.end.chart.turn')}</text>
          {Array.from({ length: players }, (_, seat) => {
            const st = STYLES[seat % STYLES.length]!;
            const pts = history.map((p, i) => `${x(i).toFixed(1)},${y(p.scores[seat] ?? 0).toFixed(1)}`).join(' ');
            return (
              <g key={seat}>
                <polyline points={pts} fill="none" stroke={st.color} strokeWidth="2.5" strokeDasharray={st.dash} strokeLinejoin="round" />
                {history.map((p, i) => (i > 0 && (p.scores[seat] !== history[i - 1]!.scores[seat] || i === history.length - 1)
                  ? <MarkerShape key={i} kind={st.marker} x={x(i)} y={y(p.scores[seat] ?? 0)} color={st.color} />
                  : null))}
              </g>
            );
          })}
        </svg>
      </div>
      <ul className="sf-chart-legend">
        {names.map((n, seat) => {
          const st = STYLES[seat % STYLES.length]!;
          return (
            <li key={seat}>
              <svg width="34" height="14" viewBox="0 0 34 14" aria-hidden="true" focusable="false">
                <line x1="1" x2="33" y1="7" y2="7" stroke={st.color} strokeWidth="2.5" strokeDasharray={st.dash} />
                <MarkerShape kind={st.marker} x={17} y={7} color={st.color} />
              </svg>
              {n} <strong>{last.scores[seat]}</strong>
            </li>
          );
        })}
      </ul>
      <details className="sf-chart-table">
        <summary>{t('sf.end.chart.asTable')}</summary>
        <div className="sf-scroll scroll-x" tabIndex={0} role="region" aria-label={t('sf.end.chart.title')}>
          <table>
            <caption className="visually-hidden">{t('sf.end.chart.title')}</caption>
            <thead>
              <tr><th scope="col">{t('sf.end.chart.turn')}</th>{names.map((n, seat) => <th key={seat} scope="col">{n}</th>)}</tr>
            </thead>
            <tbody>
              {history.map((p) => (
                <tr key={p.turn}>
                  <th scope="row">{p.turn === 0 ? t('sf.end.chart.start') : p.player === null ? p.turn : `${p.turn} · ${names[p.player]}`}</th>
                  {p.scores.map((v, seat) => <td key={seat} className="num">{v}</td>)}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
