import { f7CardCode, f7CardKind, type F7CardName } from '@parlor/rules';
import type { ReactNode } from 'react';

/**
 * The pictures of Flip 7's cards, drawn for Parlor as SVG (no outside art). Each kind has its own
 * shape, so that no card is told from another by colour alone: a number sits in a round medallion
 * ringed by as many dots as its value (the 0 by a dashed ring), a modifier on a hexagonal plaque
 * between striped bands, ×2 on a star, and each action card has its picture — a snowflake (Freeze),
 * three fanned cards (Flip Three), a heart with a plus (Second Chance). The card's colours and edge
 * come from the stylesheet (f7.css), the numerals are the card's own (the same in every language),
 * and the pictures are decoration: the card's name is given in words beside them.
 */

/** The numbers' colours, dark enough for white numerals, each a different hue and lightness. */
export const F7_NUMBER_COLOURS: readonly string[] = [
  '#5b6770', '#8a5a2b', '#b0412e', '#9a5a08', '#66720f', '#2e7d32', '#00766a',
  '#0d6aa8', '#3949ab', '#6a3fa0', '#8e2f7e', '#ad2a59', '#7a1f1f',
];

const W = 60;
const H = 84;

/** A card's picture: the whole face (numbers, modifiers) or, for an action card, the picture above its name. */
function Svg({ children, action = false }: { children: ReactNode; action?: boolean }) {
  return (
    <svg className={`f7-art${action ? ' f7-art-action' : ''}`} viewBox={action ? '0 2 60 56' : `0 0 ${W} ${H}`} aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}

/** A numeral centred on (x, y). */
function Numeral({ x, y, size, fill, children, rotate = false }: { x: number; y: number; size: number; fill: string; children: ReactNode; rotate?: boolean }) {
  return (
    <text x={x} y={y} fontSize={size} fill={fill} textAnchor="middle" dominantBaseline="central" fontWeight={800}
      transform={rotate ? `rotate(180 ${x} ${y})` : undefined} className="f7-art-text">{children}</text>
  );
}

/** A number card: the value in a medallion ringed by that many dots, small indices in two corners. */
function NumberArt({ n }: { n: number }) {
  const c = F7_NUMBER_COLOURS[n] ?? '#444';
  const dots: ReactNode[] = [];
  for (let i = 0; i < n; i++) {
    const a = (i / n) * 2 * Math.PI - Math.PI / 2;
    dots.push(<circle key={i} cx={30 + 24 * Math.cos(a)} cy={44 + 24 * Math.sin(a)} r={1.9} fill={c} />);
  }
  return (
    <Svg>
      <rect x={4} y={4} width={52} height={76} rx={4} fill="none" stroke={c} strokeWidth={1.4} opacity={0.55} />
      {n === 0 && <circle cx={30} cy={44} r={24} fill="none" stroke={c} strokeWidth={1.6} strokeDasharray="3 3" />}
      {dots}
      <circle cx={30} cy={44} r={18.5} fill={c} />
      <circle cx={30} cy={44} r={15.5} fill="none" stroke="#fff" strokeWidth={1} opacity={0.5} />
      <Numeral x={30} y={45} size={n >= 10 ? 19 : 24} fill="#fff">{n}</Numeral>
      <Numeral x={11} y={13} size={10} fill={c}>{n}</Numeral>
      <Numeral x={49} y={71} size={10} fill={c} rotate>{n}</Numeral>
    </Svg>
  );
}

/** A flat-topped hexagon around (cx, cy). */
function hexagon(cx: number, cy: number, rx: number, ry: number): string {
  return [[-rx, 0], [-rx / 2, -ry], [rx / 2, -ry], [rx, 0], [rx / 2, ry], [-rx / 2, ry]].map(([x, y]) => `${cx + x!},${cy + y!}`).join(' ');
}

/** Diagonal stripes across a band of the card (the modifiers' mark). */
function Stripes({ y, h, colour }: { y: number; h: number; colour: string }) {
  const lines: ReactNode[] = [];
  for (let x = -h; x < W; x += 7) lines.push(<line key={x} x1={x} y1={y + h} x2={x + h} y2={y} stroke={colour} strokeWidth={2.4} />);
  return <g>{lines}</g>;
}

/** A + modifier: the value on a hexagonal plaque between striped bands. */
function ModifierArt({ n }: { n: number }) {
  return (
    <Svg>
      <svg x={3} y={3} width={54} height={12} viewBox={`0 3 ${W - 6} 12`} overflow="hidden"><Stripes y={3} h={12} colour="#e0a04a" /></svg>
      <svg x={3} y={69} width={54} height={12} viewBox={`0 69 ${W - 6} 12`} overflow="hidden"><Stripes y={69} h={12} colour="#e0a04a" /></svg>
      <polygon points={hexagon(30, 42, 26, 19)} fill="#a85700" />
      <polygon points={hexagon(30, 42, 22.5, 15.5)} fill="none" stroke="#fff" strokeWidth={1} opacity={0.6} />
      <Numeral x={30} y={43} size={n >= 10 ? 17 : 20} fill="#fff">+{n}</Numeral>
    </Svg>
  );
}

/** A star of `points` points around (cx, cy). */
function star(cx: number, cy: number, outer: number, inner: number, points: number): string {
  const out: string[] = [];
  for (let i = 0; i < points * 2; i++) {
    const r = i % 2 === 0 ? outer : inner;
    const a = (i / (points * 2)) * 2 * Math.PI - Math.PI / 2;
    out.push(`${(cx + r * Math.cos(a)).toFixed(1)},${(cy + r * Math.sin(a)).toFixed(1)}`);
  }
  return out.join(' ');
}

/** ×2: the sign on a twelve-pointed star. */
function TimesTwoArt() {
  return (
    <Svg>
      <polygon points={star(30, 42, 27, 19, 12)} fill="#e2b21c" stroke="#7a5a00" strokeWidth={1.2} />
      <circle cx={30} cy={42} r={16} fill="#fff7d1" stroke="#7a5a00" strokeWidth={1} />
      <Numeral x={30} y={43} size={17} fill="#5a4100">×2</Numeral>
    </Svg>
  );
}

/** Freeze: a six-armed snowflake. */
function FreezeArt() {
  const arms: ReactNode[] = [];
  for (let i = 0; i < 6; i++) {
    arms.push(
      <g key={i} transform={`rotate(${i * 60} 30 34)`}>
        <line x1={30} y1={34} x2={30} y2={12} />
        <polyline points="24,19 30,24 36,19" fill="none" />
        <polyline points="26,13.5 30,17 34,13.5" fill="none" />
      </g>,
    );
  }
  return (
    <Svg action>
      <g stroke="#1b5a96" strokeWidth={2.6} strokeLinecap="round" strokeLinejoin="round">{arms}</g>
      <circle cx={30} cy={34} r={3.4} fill="#1b5a96" />
    </Svg>
  );
}

/** Flip Three: three fanned cards, the front one marked 3, and an arrow turning over them. */
function FlipThreeArt() {
  const card = (angle: number, fill: string) => (
    <rect x={21} y={17} width={18} height={25} rx={2.5} fill={fill} stroke="#6b4e00" strokeWidth={1.4} transform={`rotate(${angle} 30 46)`} />
  );
  return (
    <Svg action>
      {card(-24, '#f3d36b')}
      {card(0, '#f7e19a')}
      {card(24, '#fff6d6')}
      <g transform="rotate(24 30 46)"><Numeral x={30} y={30} size={14} fill="#5a4100">3</Numeral></g>
      <path d="M12 16 A20 20 0 0 1 44 8" fill="none" stroke="#6b4e00" strokeWidth={2} strokeLinecap="round" />
      <polyline points="40,4.5 45,8 40.5,12.5" fill="none" stroke="#6b4e00" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" />
    </Svg>
  );
}

/** Second Chance: a heart with a plus on it. */
function SecondChanceArt() {
  return (
    <Svg action>
      <path d="M30 52 C12 40 8 30 12 22 C16 14 26 14 30 22 C34 14 44 14 48 22 C52 30 48 40 30 52 Z" fill="#b3261e" stroke="#6d130e" strokeWidth={1.4} />
      <path d="M30 25 v16 M22 33 h16" stroke="#fff" strokeWidth={3.4} strokeLinecap="round" />
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
