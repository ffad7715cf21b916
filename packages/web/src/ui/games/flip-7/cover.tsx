import { useId } from 'react';

/**
 * Flip 7's picture on the lobby's game card: a fan of number cards on the green table, each number
 * in its own colour, the 7 at the top of the fan. Decoration: the game's name and description are
 * beside it in text, and the numerals are the cards' own (the same in every language). A chunk of
 * its own, loaded after the first screen.
 */
const FAN: readonly { value: number; colour: string }[] = [
  { value: 2, colour: '#b0412e' },
  { value: 4, colour: '#66720f' },
  { value: 5, colour: '#2e7d32' },
  { value: 7, colour: '#0d6aa8' },
  { value: 9, colour: '#6a3fa0' },
  { value: 11, colour: '#ad2a59' },
  { value: 12, colour: '#7a1f1f' },
];

export default function F7Cover({ className }: { className?: string }) {
  const mid = (FAN.length - 1) / 2;
  // Its gradient's id, unique on the page (the picture may be shown twice).
  const id = useId();
  return (
    <svg className={className} viewBox="0 0 320 160" aria-hidden="true" focusable="false" preserveAspectRatio="xMidYMid meet">
      <defs>
        <radialGradient id={`${id}felt`} gradientUnits="userSpaceOnUse" cx="160" cy="140" r="250">
          <stop offset="0" stopColor="#2f8a68" />
          <stop offset="1" stopColor="#14513f" />
        </radialGradient>
      </defs>
      {/* The felt runs on past the picture's edges, for a card wider than it. */}
      <rect x="-480" width="1280" height="160" fill="#14513f" />
      <rect x="-480" width="1280" height="160" fill={`url(#${id}felt)`} />
      <g fill="none" stroke="#ffffff" strokeOpacity="0.08" strokeWidth="2">
        <circle cx="160" cy="200" r="120" />
        <circle cx="160" cy="200" r="150" />
      </g>
      {/* Sparkles: a Flip 7 is a moment. */}
      <g fill="#ffd166">
        <path d="M40 36l3 7 7 3-7 3-3 7-3-7-7-3 7-3z" />
        <path d="M280 30l2.5 6 6 2.5-6 2.5-2.5 6-2.5-6-6-2.5 6-2.5z" />
        <path d="M262 120l2 5 5 2-5 2-2 5-2-5-5-2 5-2z" opacity="0.8" />
        <path d="M58 118l2 5 5 2-5 2-2 5-2-5-5-2 5-2z" opacity="0.8" />
      </g>
      {/* The fan, turned about a point below the table's edge. */}
      {FAN.map(({ value, colour }, i) => {
        const turn = (i - mid) * 13;
        const top = i === mid;
        return (
          <g key={value} transform={`rotate(${turn} 160 250)`}>
            <g transform={top ? 'translate(0 -10)' : undefined}>
              <rect x="134" y="40" width="52" height="76" rx="7" fill="#000" opacity="0.25" transform="translate(2 3)" />
              <rect x="134" y="40" width="52" height="76" rx="7" fill="#fffaf0" stroke={colour} strokeWidth="3" />
              <rect x="139" y="45" width="42" height="66" rx="5" fill="none" stroke={colour} strokeWidth="1.2" strokeOpacity="0.5" />
              <circle cx="160" cy="78" r="17" fill={colour} />
              <text x="160" y="79" fontSize={value > 9 ? 18 : 22} fontWeight={800} fill="#fff" textAnchor="middle" dominantBaseline="central"
                fontFamily="system-ui, sans-serif">{value}</text>
              <text x="142" y="52" fontSize="9" fontWeight={800} fill={colour} textAnchor="middle" dominantBaseline="central" fontFamily="system-ui, sans-serif">{value}</text>
            </g>
          </g>
        );
      })}
    </svg>
  );
}
