import type { SfCard } from '@parlor/rules';
import { useId } from 'react';
import { cardDrawing } from './art.js';

/**
 * Stir Fry Eighteen's picture on the lobby's game card: a wok over the flame, the ingredients of
 * the cards tossed above it in an arc, steam rising — the cards' own drawings (art.tsx) in a
 * kitchen scene. Decoration: the game's name and description are beside it in text. A chunk of
 * its own, loaded after the first screen.
 */
const TOSSED: readonly { card: SfCard; x: number; y: number; size: number; turn: number }[] = [
  { card: 'shrimp', x: 62, y: 34, size: 40, turn: -18 },
  { card: 'green-onion', x: 104, y: 8, size: 38, turn: -8 },
  { card: 'mushroom', x: 146, y: 2, size: 34, turn: 6 },
  { card: 'tofu', x: 186, y: 10, size: 32, turn: 14 },
  { card: 'chicken', x: 222, y: 32, size: 38, turn: 24 },
];

export default function SfCover({ className }: { className?: string }) {
  // Its gradients' ids, unique on the page (the picture may be shown twice).
  const id = useId();
  return (
    <svg className={className} viewBox="0 0 320 160" aria-hidden="true" focusable="false" preserveAspectRatio="xMidYMid meet">
      <defs>
        <linearGradient id={`${id}wall`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#fbe7cf" />
          <stop offset="1" stopColor="#f2c896" />
        </linearGradient>
        <radialGradient id={`${id}glow`} cx="0.5" cy="1" r="0.6">
          <stop offset="0" stopColor="#ffb347" stopOpacity="0.75" />
          <stop offset="1" stopColor="#ffb347" stopOpacity="0" />
        </radialGradient>
      </defs>
      {/* The wall and the counter run on past the picture's edges, for a card wider than it. */}
      <rect x="-480" width="1280" height="160" fill={`url(#${id}wall)`} />
      {/* Tiles behind the stove. */}
      <g stroke="#e7b98a" strokeWidth="1.5" opacity="0.7">
        {Array.from({ length: 30 }, (_, i) => <path key={i} d={`M${(i - 11) * 44 - 4} 0v112`} />)}
        <path d="M-480 38h1280M-480 76h1280" />
      </g>
      <rect x="-480" y="112" width="1280" height="48" fill="#8a4b2a" />
      <rect x="-480" y="112" width="1280" height="6" fill="#a65d36" />
      <ellipse cx="160" cy="150" rx="150" ry="60" fill={`url(#${id}glow)`} />
      {/* The flame. */}
      <g strokeLinejoin="round">
        <path d="M120 146q4-22 14-30 0 14 8 18 2-16 14-26 2 18 10 22 4-12 12-16 0 14 6 20 6-8 14-10-4 14-6 22z" fill="#f2762e" stroke="#b0421a" strokeWidth="2" />
        <path d="M140 146q4-14 10-18 0 8 6 10 2-10 8-14 2 12 8 12 2-6 6-8 0 10-2 18z" fill="#ffd166" />
      </g>
      {/* The wok and its handle. */}
      <path d="M214 104l52-14" stroke="#2b211c" strokeWidth="9" strokeLinecap="round" />
      <path d="M250 94l20-5" stroke="#6b3f22" strokeWidth="11" strokeLinecap="round" />
      <path d="M84 98h152q-8 34-76 34T84 98z" fill="#3f3f46" stroke="#18181b" strokeWidth="3" strokeLinejoin="round" />
      <path d="M96 104q64 20 128 0" stroke="#71717a" strokeWidth="2.5" fill="none" strokeLinecap="round" />
      {/* What is in the wok already: noodles, bits of pepper and onion. */}
      <path d="M96 98q10-10 22-4t22-2 22 2 22-2 22 3 14 3z" fill="#f0d36a" stroke="#8a6a12" strokeWidth="2" strokeLinejoin="round" />
      <g fill="none" stroke="#c79a1e" strokeWidth="2" strokeLinecap="round">
        <path d="M112 94q6-6 12 0t12 0M150 92q6-6 12 0t12 0M186 94q6-6 12 0" />
      </g>
      <circle cx="128" cy="92" r="4" fill="#5fae45" stroke="#245e20" strokeWidth="1.5" />
      <circle cx="176" cy="90" r="4" fill="#d2573c" stroke="#8a3a22" strokeWidth="1.5" />
      <circle cx="204" cy="93" r="3.5" fill="#5fae45" stroke="#245e20" strokeWidth="1.5" />
      {/* Steam. */}
      <g fill="none" stroke="#fff" strokeWidth="3" strokeLinecap="round" opacity="0.8">
        <path d="M128 80q-6-8 0-16t0-16" />
        <path d="M192 80q-6-8 0-16t0-16" />
      </g>
      {/* The tossed ingredients, each the drawing of its card. */}
      {TOSSED.map(({ card, x, y, size, turn }) => (
        <g key={card} transform={`translate(${x} ${y}) rotate(${turn} ${size / 2} ${size / 2}) scale(${size / 64})`}>
          {cardDrawing(card)}
        </g>
      ))}
      {/* The motion of the toss. */}
      <g fill="none" stroke="#a65d36" strokeWidth="2" strokeLinecap="round" strokeDasharray="2 6" opacity="0.6">
        <path d="M86 92Q100 40 160 36t74 56" />
      </g>
    </svg>
  );
}
