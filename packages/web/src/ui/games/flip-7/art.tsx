import { f7CardCode, f7CardKind, type F7CardName } from '@parlor/rules';
import type { ReactNode } from 'react';

/**
 * The pictures of Flip 7's cards, drawn for Parlor as SVG (no outside art), in the manner of the
 * Stir Fry Eighteen cards: flat shapes with a dark outline and a light highlight. Each number has
 * its own colour — a frame of that colour, rays of its tint behind a large numeral of it — and the
 * numeral is always printed large, so that no card is told from another by colour alone (every
 * colour holds at least 4.5:1 against the card's cream). The modifiers are gold coins: +2 to +10
 * a stack of as many coins as the value's half, ×2 two coins side by side, each with its sign. The
 * action cards have pictures — an ice cube with a snowflake (Freeze), three cards fanned by a hand's
 * flick (Flip Three), a heart with a plaster (Second Chance) — above their name in words (Card.tsx).
 * The numerals and signs are the card's own (the same in every language); the pictures are
 * decoration: the card's spoken name is given beside them.
 */

/** Each number's colour, 0 to 12: thirteen hues, each dark enough for a numeral on cream. */
export const F7_NUMBER_COLOURS: readonly string[] = [
  '#4f5b66', '#7b4a1e', '#b3261e', '#a34700', '#746300', '#2e7d32', '#00695c',
  '#006494', '#1f4fb5', '#5236a8', '#7b2d9b', '#a3246e', '#7a1530',
];

const W = 60;
const H = 84;
const CREAM = '#fffaf0';
const LINE = { fill: 'none', strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

/** `hex` mixed with white: 0 is the colour, 1 is white. */
export function tint(hex: string, white: number): string {
  const ch = [1, 3, 5].map((i) => Math.round(parseInt(hex.slice(i, i + 2), 16) * (1 - white) + 255 * white));
  return `#${ch.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

/** A card's picture: the whole face (numbers, modifiers) or, for an action card, the picture above its name. */
function Svg({ children, action = false }: { children: ReactNode; action?: boolean }) {
  return (
    <svg className={`f7-art${action ? ' f7-art-action' : ''}`} viewBox={action ? '0 2 60 56' : `0 0 ${W} ${H}`} aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}

/** A numeral centred on (x, y); `outline` draws a ring of that colour around its strokes first. */
function Numeral({ x, y, size, fill, children, rotate = false, outline }: {
  x: number; y: number; size: number; fill: string; children: ReactNode; rotate?: boolean; outline?: string;
}) {
  return (
    <text x={x} y={y} fontSize={size} fill={fill} textAnchor="middle" dominantBaseline="central" fontWeight={900}
      stroke={outline} strokeWidth={outline === undefined ? undefined : size / 8} strokeLinejoin="round" paintOrder="stroke"
      transform={rotate ? `rotate(180 ${x} ${y})` : undefined} className="f7-art-text">{children}</text>
  );
}

/** Rays from (cx, cy): `count` wedges, every other one filled. */
function rays(cx: number, cy: number, r: number, count: number): string {
  let d = '';
  for (let i = 0; i < count; i += 2) {
    const a0 = (i / count) * 2 * Math.PI;
    const a1 = ((i + 1) / count) * 2 * Math.PI;
    d += `M${cx} ${cy}L${(cx + r * Math.cos(a0)).toFixed(1)} ${(cy + r * Math.sin(a0)).toFixed(1)}L${(cx + r * Math.cos(a1)).toFixed(1)} ${(cy + r * Math.sin(a1)).toFixed(1)}Z`;
  }
  return d;
}

/**
 * A number card: a frame in the number's colour, rays of its tint behind the numeral, the numeral
 * large in the colour with a cream outline and a darker shadow, small indices in two corners. The
 * 0 has no rays (it is worth nothing) but a dashed ring.
 */
function NumberArt({ n }: { n: number }) {
  const c = F7_NUMBER_COLOURS[n] ?? '#444';
  const size = n >= 10 ? 31 : 42;
  return (
    <Svg>
      <rect x={0} y={0} width={W} height={H} fill={c} />
      <rect x={3.5} y={3.5} width={W - 7} height={H - 7} rx={4.5} fill={CREAM} />
      <svg x={3.5} y={3.5} width={W - 7} height={H - 7} viewBox={`3.5 3.5 ${W - 7} ${H - 7}`} overflow="hidden">
        {n === 0
          ? <circle cx={30} cy={44} r={20} fill="none" stroke={tint(c, 0.6)} strokeWidth={2} strokeDasharray="4 3" />
          : <path d={rays(30, 44, 60, 24)} fill={tint(c, 0.84)} />}
      </svg>
      <rect x={6} y={6} width={W - 12} height={H - 12} rx={3} fill="none" stroke={tint(c, 0.55)} strokeWidth={0.8} />
      <Numeral x={31.4} y={46.4} size={size} fill={darker(c)}>{n}</Numeral>
      <Numeral x={30} y={45} size={size} fill={c} outline={CREAM}>{n}</Numeral>
      <Numeral x={11.5} y={13} size={9} fill={c}>{n}</Numeral>
      <Numeral x={48.5} y={71} size={9} fill={c} rotate>{n}</Numeral>
    </Svg>
  );
}

/** `hex` darkened (mixed with black, 40%): a numeral's shadow. */
function darker(hex: string): string {
  const ch = [1, 3, 5].map((i) => Math.round(parseInt(hex.slice(i, i + 2), 16) * 0.6));
  return `#${ch.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

const GOLD = '#e9b730';
const GOLD_DARK = '#7a5200';
const GOLD_LIGHT = '#fbe08a';

/** One gold coin seen from the side and a little above, centred on (cx, cy): its rim and its face. */
function Coin({ cx, cy, rx = 15 }: { cx: number; cy: number; rx?: number }) {
  const ry = rx * 0.38;
  return (
    <g>
      <path d={`M${cx - rx} ${cy}v3.4a${rx} ${ry} 0 0 0 ${rx * 2} 0V${cy}`} fill="#c98f12" stroke={GOLD_DARK} strokeWidth={1.3} strokeLinejoin="round" />
      <ellipse cx={cx} cy={cy} rx={rx} ry={ry} fill={GOLD} stroke={GOLD_DARK} strokeWidth={1.3} />
      <ellipse cx={cx} cy={cy} rx={rx * 0.62} ry={ry * 0.58} fill="none" stroke={GOLD_LIGHT} strokeWidth={1.1} />
    </g>
  );
}

/** A + modifier (F7-13): a stack of value/2 gold coins under the value, on a striped amber ground. */
function ModifierArt({ n }: { n: number }) {
  const coins = Math.max(1, Math.round(n / 2));
  const stack: ReactNode[] = [];
  for (let i = 0; i < coins; i++) stack.push(<Coin key={i} cx={30} cy={70 - i * 4.6} />);
  return (
    <Svg>
      <rect x={0} y={0} width={W} height={H} fill="#fbe3b8" />
      <path d={rays(30, 24, 70, 20)} fill="#f7d293" />
      <rect x={3.5} y={3.5} width={W - 7} height={H - 7} rx={4.5} fill="none" stroke="#c77d12" strokeWidth={1.4} />
      {stack}
      <path {...LINE} d={`M21 ${66 - (coins - 1) * 4.6}l-3-3M39 ${66 - (coins - 1) * 4.6}l3-3`} stroke="#fff6d0" strokeWidth={1.6} />
      <Numeral x={30} y={26} size={n >= 10 ? 25 : 30} fill="#8a3c00" outline="#fff6e0">+{n}</Numeral>
    </Svg>
  );
}

/** ×2 (F7-13): two coins side by side under the sign, on rays of gold. */
function TimesTwoArt() {
  return (
    <Svg>
      <rect x={0} y={0} width={W} height={H} fill="#fff1b8" />
      <path d={rays(30, 30, 70, 28)} fill="#fbdc6a" />
      <rect x={3.5} y={3.5} width={W - 7} height={H - 7} rx={4.5} fill="none" stroke="#b38600" strokeWidth={1.4} />
      <Coin cx={19} cy={66} rx={11} />
      <Coin cx={41} cy={66} rx={11} />
      <Coin cx={19} cy={61} rx={11} />
      <Coin cx={41} cy={61} rx={11} />
      <Numeral x={30} y={29} size={30} fill="#6b4700" outline="#fffbe6">×2</Numeral>
    </Svg>
  );
}

/** Freeze (F7-9): an ice cube, a snowflake inside it, and a glint. */
function FreezeArt() {
  const arms: ReactNode[] = [];
  for (let i = 0; i < 6; i++) {
    arms.push(
      <g key={i} transform={`rotate(${i * 60} 30 33)`}>
        <line x1={30} y1={33} x2={30} y2={20} />
        <polyline points="26.5,24.5 30,27.5 33.5,24.5" />
      </g>,
    );
  }
  return (
    <Svg action>
      <path d="M13 20 30 11l17 9v22l-17 9-17-9z" fill="#bfe3f7" stroke="#1b5a96" strokeWidth={2} strokeLinejoin="round" />
      <path d="M13 20 30 29l17-9" fill="none" stroke="#1b5a96" strokeWidth={1.4} strokeLinejoin="round" opacity={0.5} />
      <path d="M30 29v22" stroke="#1b5a96" strokeWidth={1.4} opacity={0.5} />
      <g {...LINE} stroke="#1b5a96" strokeWidth={2.2}>{arms}</g>
      <circle cx={30} cy={33} r={2.4} fill="#1b5a96" />
      <path {...LINE} d="M17 24v8M20 22.5v3" stroke="#fff" strokeWidth={2} />
      <path {...LINE} d="M47 8l2 4 4 2-4 2-2 4-2-4-4-2 4-2z" fill="#fff" stroke="#1b5a96" strokeWidth={1.1} />
    </Svg>
  );
}

/** Flip Three (F7-10): three cards fanned out as if flicked over, the front one marked 3, and a swoosh. */
function FlipThreeArt() {
  const card = (angle: number, fill: string) => (
    <rect x={21} y={16} width={18} height={26} rx={2.5} fill={fill} stroke="#6b4e00" strokeWidth={1.6} transform={`rotate(${angle} 30 48)`} />
  );
  return (
    <Svg action>
      {card(-26, '#7d1d14')}
      {card(0, '#f3d36b')}
      {card(26, '#fffaf0')}
      <g transform="rotate(26 30 48)"><Numeral x={30} y={29} size={15} fill="#8a3c00">3</Numeral></g>
      <path {...LINE} d="M9 18Q18 4 36 6" stroke="#6b4e00" strokeWidth={2.2} />
      <path {...LINE} d="M32 2.5l4.5 3.5-4 4" stroke="#6b4e00" strokeWidth={2.2} />
      <path {...LINE} d="M13 24l-4-1M14 29l-5 1" stroke="#b8860b" strokeWidth={1.6} />
    </Svg>
  );
}

/** Second Chance (F7-11): a heart with a sticking plaster across it, and a highlight. */
function SecondChanceArt() {
  return (
    <Svg action>
      <path d="M30 52C12 40 7 30 11 21c4-8 14-8 19 0 5-8 15-8 19 0 4 9-1 19-19 31z" fill="#d8342a" stroke="#6d130e" strokeWidth={2} strokeLinejoin="round" />
      <path {...LINE} d="M15 23c2-4 6-5 9-3" stroke="#f7a59b" strokeWidth={2.4} />
      <g transform="rotate(-32 30 32)">
        <rect x={14} y={27} width={32} height={10} rx={5} fill="#f5d7a8" stroke="#8a5a2b" strokeWidth={1.5} />
        <rect x={25} y={27} width={10} height={10} fill="#e8bd80" stroke="#8a5a2b" strokeWidth={1.2} />
        <g fill="#b9854a"><circle cx={18.5} cy={32} r={0.9} /><circle cx={21.5} cy={32} r={0.9} /><circle cx={38.5} cy={32} r={0.9} /><circle cx={41.5} cy={32} r={0.9} /></g>
      </g>
    </Svg>
  );
}

/** The picture of a card, face up. */
export function CardArt({ card }: { card: F7CardName }) {
  const kind = f7CardKind(f7CardCode(card));
  if (kind === 'number') return <NumberArt n={Number(card)} />;
  if (card === 'x2') return <TimesTwoArt />;
  if (kind === 'modifier') return <ModifierArt n={Number(card.slice(1))} />;
  if (card === 'freeze') return <FreezeArt />;
  if (card === 'flip-three') return <FlipThreeArt />;
  return <SecondChanceArt />;
}

/** The back of a card (the draw pile): a lattice of diamonds around a 7 in an oval. */
export function CardBack() {
  const lattice: ReactNode[] = [];
  for (let k = -H; k < W + H; k += 9) {
    lattice.push(<line key={`a${k}`} x1={k} y1={0} x2={k + H} y2={H} />, <line key={`b${k}`} x1={k} y1={H} x2={k + H} y2={0} />);
  }
  return (
    <svg className="f7-art f7-art-back" viewBox={`0 0 ${W} ${H}`} aria-hidden="true" focusable="false">
      <rect x={0} y={0} width={W} height={H} rx={6} fill="#7d1d14" />
      <svg x={4} y={4} width={W - 8} height={H - 8} viewBox={`4 4 ${W - 8} ${H - 8}`} overflow="hidden">
        <g stroke="#a8402e" strokeWidth={1.3}>{lattice}</g>
      </svg>
      <rect x={4} y={4} width={W - 8} height={H - 8} rx={4} fill="none" stroke="#e9c46a" strokeWidth={1.2} />
      <ellipse cx={30} cy={42} rx={15} ry={19} fill="#fdf3dc" stroke="#e9c46a" strokeWidth={2} />
      <Numeral x={30} y={43} size={24} fill="#7d1d14">7</Numeral>
    </svg>
  );
}
