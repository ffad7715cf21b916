import type { SfCard } from '@parlor/rules';
import type { ReactElement } from 'react';

/**
 * The card pictures of Stir Fry Eighteen, drawn for Parlor as plain SVG shapes (no text: the card's
 * name is printed under its picture). Each ingredient has its own silhouette — a curled shrimp, a
 * pig's face, a drumstick, a knobbly root, three stalks, a bottle, a capped mushroom, a bowl with
 * chopsticks, a cube — so the cards tell apart by shape as well as by colour. One 64×64 drawing per
 * card, used at every size: the card's picture, and the small icons of its bonus line.
 */
const LINE = { fill: 'none', strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

const DRAWINGS: Record<SfCard, ReactElement> = {
  shrimp: (
    <>
      <path {...LINE} d="M30 14C22 6 12 8 6 14M32 12C26 3 15 2 8 6" stroke="#8a3a22" strokeWidth="1.8" />
      <path {...LINE} d="M35.4 19.2A15 15 0 1 1 25 41.5" stroke="#8a3a22" strokeWidth="17" />
      <path d="M27 39 11 35q-3 8 3 13zM27 43 15 52q5 6 11 3z" fill="#d2573c" stroke="#8a3a22" strokeWidth="1.6" strokeLinejoin="round" />
      <path {...LINE} d="M35.4 19.2A15 15 0 1 1 25 41.5" stroke="#ee8462" strokeWidth="13.5" />
      <path {...LINE} d="M43 28 50 17M46 32.6 58 30.2M44.6 38.6 55 46M39.4 42 41.4 54M34 41 27.5 52" stroke="#fff1e9" strokeWidth="1.8" />
      <circle cx="35" cy="19" r="7.5" fill="#ee8462" stroke="#8a3a22" strokeWidth="1.6" />
      <circle cx="32.5" cy="16.5" r="2" fill="#3b1a10" />
    </>
  ),
  pork: (
    <>
      <path d="M13 22 17 5l11 9zM51 22 47 5 36 14z" fill="#e58fae" stroke="#8e3558" strokeWidth="2" strokeLinejoin="round" />
      <circle cx="32" cy="36" r="22" fill="#f4a7c1" stroke="#8e3558" strokeWidth="2" />
      <circle cx="23.5" cy="29" r="2.8" fill="#3a1f2b" />
      <circle cx="40.5" cy="29" r="2.8" fill="#3a1f2b" />
      <ellipse cx="32" cy="42" rx="10.5" ry="7.5" fill="#e57a9e" stroke="#8e3558" strokeWidth="1.8" />
      <ellipse cx="28" cy="42" rx="1.9" ry="3.2" fill="#7a2b49" />
      <ellipse cx="36" cy="42" rx="1.9" ry="3.2" fill="#7a2b49" />
    </>
  ),
  chicken: (
    <>
      <path {...LINE} d="M38 38 52 52" stroke="#7d6b52" strokeWidth="9" />
      <circle cx="55" cy="48.5" r="5" fill="#fbf5e8" stroke="#7d6b52" strokeWidth="2" />
      <circle cx="48.5" cy="55" r="5" fill="#fbf5e8" stroke="#7d6b52" strokeWidth="2" />
      <path {...LINE} d="M38 38 52 52" stroke="#fbf5e8" strokeWidth="5.5" />
      <path d="M41 41C31 51 12 47 9 31 7 15 25 5 38 11c13 6 13 20 3 30z" fill="#d9912a" stroke="#7a4e0e" strokeWidth="2" />
      <path {...LINE} d="M17 26c2-8 10-12 17-10" stroke="#f5c878" strokeWidth="3.2" />
    </>
  ),
  ginger: (
    <>
      <g fill="#9a6a24" stroke="#9a6a24" strokeWidth="4.5">
        <ellipse cx="31" cy="40" rx="19" ry="11" />
        <ellipse cx="17" cy="27" rx="7" ry="10" transform="rotate(-25 17 27)" />
        <ellipse cx="39" cy="24" rx="6.5" ry="10.5" transform="rotate(18 39 24)" />
        <ellipse cx="51" cy="36" rx="8" ry="6" />
      </g>
      <g fill="#e6b76c">
        <ellipse cx="31" cy="40" rx="19" ry="11" />
        <ellipse cx="17" cy="27" rx="7" ry="10" transform="rotate(-25 17 27)" />
        <ellipse cx="39" cy="24" rx="6.5" ry="10.5" transform="rotate(18 39 24)" />
        <ellipse cx="51" cy="36" rx="8" ry="6" />
      </g>
      <path {...LINE} d="M20 42q4-3 8 0M34 45q4-3 8 0M14 27q3-3 7-1M36 22q3-3 6 0M48 35q3-2 6 0" stroke="#a8742c" strokeWidth="1.6" />
    </>
  ),
  'green-onion': (
    <>
      <path {...LINE} d="M25 56V30Q25 14 12 6M32 56V5M39 56V30q0-16 13-23" stroke="#245e20" strokeWidth="9" />
      <path {...LINE} d="M25 56V30Q25 14 12 6M32 56V5M39 56V30q0-16 13-23" stroke="#5fae45" strokeWidth="5.5" />
      <path {...LINE} d="M25 56V41M32 56V41M39 56V41" stroke="#f3f6e6" strokeWidth="5.5" />
      <path {...LINE} d="M22 59l-3 4M26 59v4M32 59v4M38 59v4M42 59l3 4" stroke="#9d956e" strokeWidth="1.5" />
    </>
  ),
  'soy-sauce': (
    <>
      <path d="M22 28q0-6 6-8v-6h8v6q6 2 6 8l2 26q0 4-4 4H24q-4 0-4-4z" fill="#4a2a1c" stroke="#1e0f08" strokeWidth="2" strokeLinejoin="round" />
      <rect x="30" y="2" width="4" height="6" rx="1" fill="#c8372d" stroke="#7c1c15" strokeWidth="1.4" />
      <rect x="26" y="7" width="12" height="9" rx="2" fill="#c8372d" stroke="#7c1c15" strokeWidth="1.6" />
      <rect x="24" y="33" width="16" height="15" rx="2" fill="#f3ead6" />
      <path d="M32 36q-4.5 5.5-4.5 8a4.5 4.5 0 0 0 9 0q0-2.5-4.5-8z" fill="#4a2a1c" />
      <path {...LINE} d="M25 26v4M25 51v3" stroke="#9b7563" strokeWidth="2" />
    </>
  ),
  mushroom: (
    <>
      <path d="M26 34 24 56q8 4 16 0l-2-22z" fill="#f1e6cf" stroke="#7d6a50" strokeWidth="2" strokeLinejoin="round" />
      <path d="M5 36Q7 9 32 8q25 1 27 28-27 9-54 0z" fill="#8b5e3c" stroke="#43291a" strokeWidth="2" strokeLinejoin="round" />
      <path {...LINE} d="M9 36q23 7 46 0" stroke="#d9bf95" strokeWidth="1.6" />
      <path {...LINE} d="M19 21l6-2.5M35 15.5l6 2M27 28h8M44 26l5-3M14 30l4-1" stroke="#e4cfa6" strokeWidth="2.2" />
    </>
  ),
  noodles: (
    <>
      <path {...LINE} d="M28 13 58 4M28 18 58 11" stroke="#6f4520" strokeWidth="3.2" />
      <path {...LINE} d="M22 16q-3 4 0 8t0 8M27 15q-3 4 0 8t0 9M32 16q-3 4 0 8t0 8M37 17q-3 4 0 8t0 7" stroke="#8a6a12" strokeWidth="4.6" />
      <path {...LINE} d="M22 16q-3 4 0 8t0 8M27 15q-3 4 0 8t0 9M32 16q-3 4 0 8t0 8M37 17q-3 4 0 8t0 7" stroke="#f0d36a" strokeWidth="2.6" />
      <path d="M7 32h50q-2 22-25 24Q9 54 7 32z" fill="#c7402d" stroke="#6e1d12" strokeWidth="2" strokeLinejoin="round" />
      <path {...LINE} d="M10 32q6-4 12-1t12 0 12-1 10 1" stroke="#f0d36a" strokeWidth="3" />
      <path {...LINE} d="M13 40h38" stroke="#f4dca4" strokeWidth="2.2" />
      <rect x="24" y="55" width="16" height="5" rx="2" fill="#6e1d12" />
    </>
  ),
  tofu: (
    <>
      <path d="M10 21 32 31v24L10 45z" fill="#e6ebf0" stroke="#4f5d6b" strokeWidth="2" strokeLinejoin="round" />
      <path d="M32 31 54 21v24L32 55z" fill="#c9d2da" stroke="#4f5d6b" strokeWidth="2" strokeLinejoin="round" />
      <path d="M32 10 54 21 32 31 10 21z" fill="#fff" stroke="#4f5d6b" strokeWidth="2" strokeLinejoin="round" />
      <g fill="#b7c2cc"><circle cx="26" cy="20" r="1.3" /><circle cx="34" cy="17" r="1.3" /><circle cx="38" cy="23" r="1.3" /><circle cx="30" cy="25" r="1.2" /></g>
    </>
  ),
};

/** A card's drawing alone (64×64 units), for a picture made of several, such as the lobby's cover. */
export function cardDrawing(card: SfCard): ReactElement {
  return DRAWINGS[card];
}

/** A card's picture (decorative: the card's name is beside it in text). */
export function CardArt({ card, className }: { card: SfCard; className?: string }) {
  return (
    <svg className={className ?? 'sf-art'} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      {DRAWINGS[card]}
    </svg>
  );
}

/** The back of a card: a wok with steam rising, on the card back's pattern (CSS). */
export function BackArt() {
  return (
    <svg className="sf-art" viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <circle cx="32" cy="34" r="21" fill="#7a2e1d" stroke="#f6e3cf" strokeWidth="2" />
      <path d="M14 34h36q-3 12-18 12T14 34z" fill="#f6e3cf" />
      <path {...LINE} d="M50 36l9-3" stroke="#f6e3cf" strokeWidth="3" />
      <path {...LINE} d="M25 28q-3-4 0-8t0-8M32 28q-3-4 0-8t0-8M39 28q-3-4 0-8t0-8" stroke="#f6e3cf" strokeWidth="2" />
    </svg>
  );
}

/** A tiny bowl with a tick: "in every dish" (SF-20, Noodles' line). */
export function EveryDishIcon() {
  return (
    <svg className="sf-icon" viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <path d="M6 28h52q-2 24-26 26Q8 52 6 28z" fill="#c7402d" stroke="#6e1d12" strokeWidth="3" strokeLinejoin="round" />
      <path {...LINE} d="M20 16l8 8 16-18" stroke="#2d6b29" strokeWidth="7" />
    </svg>
  );
}

/** A small card with an arrow: "draws this many when discarded as a protein" (SF-3). */
export function DrawIcon() {
  return (
    <svg className="sf-icon" viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect x="14" y="6" width="36" height="50" rx="6" fill="#fff" stroke="currentColor" strokeWidth="5" />
      <path {...LINE} d="M32 18v24M22 33l10 10 10-10" stroke="currentColor" strokeWidth="6" />
    </svg>
  );
}
