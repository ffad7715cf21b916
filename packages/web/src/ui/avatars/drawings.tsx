import type { AvatarId } from '@parlor/protocol';
import type { ReactElement } from 'react';

/**
 * The avatars an account may choose, drawn for Parlor as plain SVG in the manner of the Stir Fry
 * Eighteen cards (flat colours, a darker outline, round joins): eight animals, six things of the
 * kitchen, six shapes. Each is a 64×64 drawing on a round tile of its own colour, so that they tell
 * apart by shape first and colour second. A chunk of its own: loaded when a chosen avatar is shown.
 */
const LINE = { fill: 'none', strokeLinecap: 'round', strokeLinejoin: 'round' } as const;
const EDGE = { strokeLinejoin: 'round' } as const;

/** Each avatar's tile colour (behind the drawing). */
export const AVATAR_TILES: Readonly<Record<AvatarId, string>> = {
  fox: '#fde3cf', cat: '#e6e1f5', panda: '#d9efe0', owl: '#f3e7d0', frog: '#e4f3c9', rabbit: '#fbe1ea', penguin: '#d8e9f6', tiger: '#fff0c2',
  chef: '#f6dfd8', wok: '#f0e3d6', dumpling: '#e0eef0', teapot: '#e3efd9', chili: '#fde6cc', 'rice-ball': '#e2e8f3',
  sun: '#fff3c4', moon: '#dfe2f6', star: '#f9e1f0', wave: '#d4ecf7', leaf: '#e3f1d4', flower: '#fde2e2',
};

export const AVATAR_DRAWINGS: Readonly<Record<AvatarId, ReactElement>> = {
  fox: (
    <>
      <path d="M12 14 22 30 14 34zM52 14 42 30 50 34z" fill="#d9662b" stroke="#7a3212" strokeWidth="2" {...EDGE} />
      <path d="M15 18 20 28 16 30zM49 18 44 28 48 30z" fill="#fbe3d0" />
      <path d="M10 30q4-10 22-10t22 10q-4 16-22 24Q14 46 10 30z" fill="#e8793a" stroke="#7a3212" strokeWidth="2" {...EDGE} />
      <path d="M18 38q6 2 14 16 8-14 14-16-8 10-14 12-6-2-14-12z" fill="#fff4ea" />
      <circle cx="24" cy="33" r="2.4" fill="#2b150a" />
      <circle cx="40" cy="33" r="2.4" fill="#2b150a" />
      <ellipse cx="32" cy="47" rx="3" ry="2.2" fill="#2b150a" />
    </>
  ),
  cat: (
    <>
      <path d="M14 12 26 22 14 30zM50 12 38 22 50 30z" fill="#8c7bb8" stroke="#3f3466" strokeWidth="2" {...EDGE} />
      <circle cx="32" cy="36" r="19" fill="#a393cf" stroke="#3f3466" strokeWidth="2" />
      <path {...LINE} d="M24 28v-5M32 26v-5M40 28v-5" stroke="#7c6cae" strokeWidth="2.2" />
      <ellipse cx="25" cy="35" rx="2.6" ry="3.6" fill="#f4d35e" stroke="#3f3466" strokeWidth="1.2" />
      <ellipse cx="39" cy="35" rx="2.6" ry="3.6" fill="#f4d35e" stroke="#3f3466" strokeWidth="1.2" />
      <path d="M30 41h4l-2 2.5z" fill="#e57a9e" />
      <path {...LINE} d="M32 43.5q-2 3-5 2M32 43.5q2 3 5 2M20 42l-8-1M20 45l-8 2M44 42l8-1M44 45l8 2" stroke="#3f3466" strokeWidth="1.5" />
    </>
  ),
  panda: (
    <>
      <circle cx="16" cy="18" r="7" fill="#2a2a2a" />
      <circle cx="48" cy="18" r="7" fill="#2a2a2a" />
      <circle cx="32" cy="35" r="20" fill="#fbfbf7" stroke="#2a2a2a" strokeWidth="2" />
      <ellipse cx="24" cy="33" rx="5" ry="6.5" fill="#2a2a2a" transform="rotate(25 24 33)" />
      <ellipse cx="40" cy="33" rx="5" ry="6.5" fill="#2a2a2a" transform="rotate(-25 40 33)" />
      <circle cx="25" cy="32" r="1.8" fill="#fff" />
      <circle cx="39" cy="32" r="1.8" fill="#fff" />
      <ellipse cx="32" cy="42" rx="3.4" ry="2.4" fill="#2a2a2a" />
      <path {...LINE} d="M32 44.5v2.5M28 48q4 2.5 8 0" stroke="#2a2a2a" strokeWidth="1.6" />
    </>
  ),
  owl: (
    <>
      <path d="M14 16 22 22M50 16 42 22" stroke="#5d3d1e" strokeWidth="3" {...LINE} />
      <path d="M14 24q0-10 18-10t18 10v16q0 14-18 14T14 40z" fill="#a8703c" stroke="#5d3d1e" strokeWidth="2" {...EDGE} />
      <path d="M22 44q10 8 20 0-2 7-10 7t-10-7z" fill="#e7c89c" />
      <circle cx="24" cy="30" r="7" fill="#fff8ea" stroke="#5d3d1e" strokeWidth="1.6" />
      <circle cx="40" cy="30" r="7" fill="#fff8ea" stroke="#5d3d1e" strokeWidth="1.6" />
      <circle cx="24" cy="30" r="3" fill="#2d1a0a" />
      <circle cx="40" cy="30" r="3" fill="#2d1a0a" />
      <path d="M29 36h6l-3 5z" fill="#e8a317" stroke="#7a520a" strokeWidth="1.2" {...EDGE} />
    </>
  ),
  frog: (
    <>
      <circle cx="21" cy="22" r="8" fill="#6fb24a" stroke="#2f5a1b" strokeWidth="2" />
      <circle cx="43" cy="22" r="8" fill="#6fb24a" stroke="#2f5a1b" strokeWidth="2" />
      <path d="M9 38q0-14 23-14t23 14q0 14-23 14T9 38z" fill="#7cc456" stroke="#2f5a1b" strokeWidth="2" />
      <circle cx="21" cy="22" r="4.5" fill="#fff" />
      <circle cx="43" cy="22" r="4.5" fill="#fff" />
      <circle cx="22" cy="23" r="2.4" fill="#1b2d10" />
      <circle cx="42" cy="23" r="2.4" fill="#1b2d10" />
      <path {...LINE} d="M18 40q14 9 28 0" stroke="#2f5a1b" strokeWidth="2.4" />
      <circle cx="16" cy="36" r="2.6" fill="#f29aa8" />
      <circle cx="48" cy="36" r="2.6" fill="#f29aa8" />
    </>
  ),
  rabbit: (
    <>
      <path d="M22 30Q14 6 21 5t9 25zM42 30q8-24 1-25t-9 25z" fill="#f5f1ec" stroke="#7c6b66" strokeWidth="2" {...EDGE} />
      <path d="M23 27q-4-14 0-17 3 4 4 17zM41 27q4-14 0-17-3 4-4 17z" fill="#f3b6c8" />
      <circle cx="32" cy="40" r="16" fill="#f5f1ec" stroke="#7c6b66" strokeWidth="2" />
      <circle cx="26" cy="38" r="2.3" fill="#3a2a28" />
      <circle cx="38" cy="38" r="2.3" fill="#3a2a28" />
      <path d="M30 43h4l-2 2.5z" fill="#e57a9e" />
      <path {...LINE} d="M32 45.5v2M29 49q3 1.5 6 0" stroke="#7c6b66" strokeWidth="1.5" />
      <circle cx="22" cy="45" r="2.6" fill="#f7c9d4" />
      <circle cx="42" cy="45" r="2.6" fill="#f7c9d4" />
    </>
  ),
  penguin: (
    <>
      <path d="M14 36q0-24 18-24t18 24q0 18-18 18T14 36z" fill="#24364a" stroke="#101a24" strokeWidth="2" />
      <path d="M20 38q0-16 12-16t12 16q0 12-12 12T20 38z" fill="#fbfbf7" />
      <circle cx="27" cy="31" r="2.4" fill="#101a24" />
      <circle cx="37" cy="31" r="2.4" fill="#101a24" />
      <path d="M28 36h8l-4 5z" fill="#f0a02a" stroke="#8a560c" strokeWidth="1.2" {...EDGE} />
      <path d="M22 55h8M34 55h8" stroke="#f0a02a" strokeWidth="3.4" {...LINE} />
    </>
  ),
  tiger: (
    <>
      <circle cx="16" cy="18" r="6.5" fill="#f0a03a" stroke="#6b3d0c" strokeWidth="2" />
      <circle cx="48" cy="18" r="6.5" fill="#f0a03a" stroke="#6b3d0c" strokeWidth="2" />
      <circle cx="32" cy="35" r="20" fill="#f5a93f" stroke="#6b3d0c" strokeWidth="2" />
      <path {...LINE} d="M32 16v7M26 17l2 6M38 17l-2 6M13 32h6M12 38h6M51 32h-6M52 38h-6" stroke="#3a2206" strokeWidth="2.4" />
      <path d="M21 42q11-6 22 0-2 11-11 11T21 42z" fill="#fff3e0" />
      <circle cx="25" cy="33" r="2.4" fill="#2a1a06" />
      <circle cx="39" cy="33" r="2.4" fill="#2a1a06" />
      <path d="M29 41h6l-3 3z" fill="#3a2206" />
      <path {...LINE} d="M32 44v2.5M28.5 48q3.5 2 7 0" stroke="#3a2206" strokeWidth="1.5" />
    </>
  ),
  chef: (
    <>
      <path d="M18 26q-8-2-7-9t10-6q3-7 11-7t11 7q9-1 10 6t-7 9v6H18z" fill="#fff" stroke="#6b5a52" strokeWidth="2" {...EDGE} />
      <path {...LINE} d="M24 26v5M32 24v7M40 26v5" stroke="#c9bcb4" strokeWidth="1.8" />
      <circle cx="32" cy="43" r="13" fill="#f1c7a4" stroke="#8a5a3c" strokeWidth="2" />
      <rect x="17" y="30" width="30" height="5" rx="2" fill="#fff" stroke="#6b5a52" strokeWidth="2" />
      <circle cx="27" cy="42" r="1.9" fill="#3a241a" />
      <circle cx="37" cy="42" r="1.9" fill="#3a241a" />
      <path {...LINE} d="M26 49q6 4 12 0M24 46.5q8-3 16 0" stroke="#6b3f28" strokeWidth="2" />
    </>
  ),
  wok: (
    <>
      <path {...LINE} d="M24 20q-3-4 0-8t0-8M32 20q-3-4 0-8t0-8M40 20q-3-4 0-8t0-8" stroke="#a89a90" strokeWidth="2" />
      <path {...LINE} d="M50 32l10-4" stroke="#3a2a20" strokeWidth="4" />
      <path d="M8 30h48q-3 20-24 20T8 30z" fill="#3f3f46" stroke="#18181b" strokeWidth="2" {...EDGE} />
      <path d="M14 30q4-6 10-3t9-1 9 1 8 3z" fill="#e6b76c" />
      <circle cx="22" cy="28" r="2.6" fill="#5fae45" />
      <circle cx="36" cy="27" r="2.6" fill="#d2573c" />
      <circle cx="44" cy="29" r="2.2" fill="#f0d36a" />
      <path {...LINE} d="M16 37q16 6 32 0" stroke="#71717a" strokeWidth="1.6" />
    </>
  ),
  dumpling: (
    <>
      <path d="M8 40q0-18 24-18t24 18q-4 10-24 10T8 40z" fill="#fbf5e8" stroke="#8a7a60" strokeWidth="2" {...EDGE} />
      <path {...LINE} d="M14 34q2-5 6-2M22 28q2-5 6-2M32 26q2-5 6-1M42 28q2-4 6 0" stroke="#c9b890" strokeWidth="2" />
      <circle cx="25" cy="40" r="2" fill="#3a2e1c" />
      <circle cx="39" cy="40" r="2" fill="#3a2e1c" />
      <path {...LINE} d="M29 44q3 2.5 6 0" stroke="#3a2e1c" strokeWidth="1.6" />
      <circle cx="20" cy="44" r="2.4" fill="#f7c9c0" />
      <circle cx="44" cy="44" r="2.4" fill="#f7c9c0" />
      <path d="M6 52h52" stroke="#6f8f98" strokeWidth="3" {...LINE} />
    </>
  ),
  teapot: (
    <>
      <path {...LINE} d="M46 30q10-2 8 8t-8 8" stroke="#2f6b3a" strokeWidth="4" />
      <path d="M18 36 6 26l2-2 14 8z" fill="#4f9a5c" stroke="#2f6b3a" strokeWidth="1.8" {...EDGE} />
      <path d="M14 38q0-16 18-16t18 16q0 14-18 14T14 38z" fill="#5fb06d" stroke="#2f6b3a" strokeWidth="2" />
      <path d="M22 24q0-6 10-6t10 6z" fill="#4f9a5c" stroke="#2f6b3a" strokeWidth="1.8" {...EDGE} />
      <circle cx="32" cy="15" r="3" fill="#e6b76c" stroke="#7a520a" strokeWidth="1.4" />
      <path {...LINE} d="M20 38q12 5 24 0" stroke="#d8efd8" strokeWidth="2.4" />
      <path {...LINE} d="M6 20q-2-4 1-7" stroke="#9fb7a3" strokeWidth="1.8" />
    </>
  ),
  chili: (
    <>
      <path {...LINE} d="M44 16q2-8 9-9" stroke="#2e6b2a" strokeWidth="3.4" />
      <path d="M38 18q8-4 12 2t-2 12Q40 50 14 56q-4 0-2-3 20-10 22-26 0-7 4-9z" fill="#d23a25" stroke="#7a1c10" strokeWidth="2" {...EDGE} />
      <path d="M37 18q6-3 10 0t3 6q-6-4-13-2z" fill="#4f9a3a" stroke="#2e6b2a" strokeWidth="1.6" {...EDGE} />
      <path {...LINE} d="M40 26q-2 12-12 21" stroke="#f08a70" strokeWidth="2.4" />
    </>
  ),
  'rice-ball': (
    <>
      <path d="M32 8q6 0 14 14l8 16q4 12-8 14H18Q6 50 10 38l8-16Q26 8 32 8z" fill="#fbfbf7" stroke="#6f7682" strokeWidth="2" {...EDGE} />
      <rect x="20" y="38" width="24" height="15" rx="2" fill="#1f3a2e" stroke="#0f1f18" strokeWidth="1.6" />
      <circle cx="26" cy="30" r="2" fill="#2a2e36" />
      <circle cx="38" cy="30" r="2" fill="#2a2e36" />
      <path {...LINE} d="M29 34q3 2.5 6 0" stroke="#2a2e36" strokeWidth="1.6" />
      <circle cx="21" cy="33" r="2.4" fill="#f7c9c0" />
      <circle cx="43" cy="33" r="2.4" fill="#f7c9c0" />
    </>
  ),
  sun: (
    <>
      <g stroke="#c2740a" strokeWidth="3.4" {...LINE}>
        <path d="M32 4v8M32 52v8M4 32h8M52 32h8M12 12l6 6M46 46l6 6M12 52l6-6M46 18l6-6" />
      </g>
      <circle cx="32" cy="32" r="15" fill="#f7b924" stroke="#c2740a" strokeWidth="2" />
      <path {...LINE} d="M25 36q7 6 14 0" stroke="#8a4f05" strokeWidth="2" />
      <circle cx="27" cy="29" r="1.9" fill="#8a4f05" />
      <circle cx="37" cy="29" r="1.9" fill="#8a4f05" />
    </>
  ),
  moon: (
    <>
      <path d="M40 8a24 24 0 1 0 16 36A20 20 0 0 1 40 8z" fill="#f2d98a" stroke="#8f7427" strokeWidth="2" {...EDGE} />
      <circle cx="24" cy="40" r="3" fill="#ddbd62" />
      <circle cx="30" cy="22" r="2.2" fill="#ddbd62" />
      <path d="M50 14l1.5 3.5 3.5 1.5-3.5 1.5L50 24l-1.5-3.5L45 19l3.5-1.5z" fill="#5b63b8" />
      <circle cx="56" cy="30" r="1.6" fill="#5b63b8" />
    </>
  ),
  star: (
    <>
      <path d="M32 6l7.6 16.4 17.9 2.1-13.2 12.2 3.5 17.7L32 45.6l-15.8 8.8 3.5-17.7L6.5 24.5l17.9-2.1z" fill="#e05a9c" stroke="#7e1f52" strokeWidth="2" {...EDGE} />
      <path d="M32 16l4 9 9.5 1.2" stroke="#f6b8d6" strokeWidth="2.4" {...LINE} />
    </>
  ),
  wave: (
    <>
      <path d="M4 40q8-22 26-22 14 0 16 12-10-6-16 2 10-2 14 6 4 8 16 2v18H4z" fill="#2f86c4" stroke="#174a70" strokeWidth="2" {...EDGE} />
      <path {...LINE} d="M10 46q8 4 16 0t16 0 16 0" stroke="#bfe2f6" strokeWidth="2.4" />
      <path {...LINE} d="M16 36q4-10 14-12" stroke="#8cc8ec" strokeWidth="2.4" />
    </>
  ),
  leaf: (
    <>
      <path d="M12 52Q8 20 52 10q4 40-40 42z" fill="#5faa3f" stroke="#2a5a1a" strokeWidth="2" {...EDGE} />
      <path {...LINE} d="M12 52Q28 34 46 16M24 40l-2-10M32 32l-1-10M24 40l10 1M32 32l10 1" stroke="#d9efc6" strokeWidth="2" />
    </>
  ),
  flower: (
    <>
      <g fill="#f07a7a" stroke="#8e2b2b" strokeWidth="1.8">
        <circle cx="32" cy="16" r="9" />
        <circle cx="47" cy="27" r="9" />
        <circle cx="41" cy="45" r="9" />
        <circle cx="23" cy="45" r="9" />
        <circle cx="17" cy="27" r="9" />
      </g>
      <circle cx="32" cy="32" r="9" fill="#f7c948" stroke="#9a6a08" strokeWidth="1.8" />
      <circle cx="29" cy="30" r="1.6" fill="#9a6a08" />
      <circle cx="35" cy="30" r="1.6" fill="#9a6a08" />
      <circle cx="32" cy="35" r="1.6" fill="#9a6a08" />
    </>
  ),
};
