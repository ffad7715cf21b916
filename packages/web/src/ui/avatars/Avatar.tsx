import { type AvatarId, isAvatarId } from '@parlor/protocol';
import { useEffect, useState } from 'react';
import { avatarPattern, PATTERN_SIZE } from './pattern.js';
import './avatars.css';

/**
 * A player's avatar: the drawing their account chose, or the pattern made from their id (a guest,
 * or an account that chose none). Decoration beside a name that is always given in text, so it is
 * hidden from screen readers. The drawings are a chunk of their own, loaded the first time one is
 * shown; until then a chosen avatar is a plain tile.
 */
export type AvatarSize = 'sm' | 'md' | 'lg' | 'xl';

type Drawings = typeof import('./drawings.js');
let drawings: Drawings | null = null;
let loading: Promise<Drawings> | null = null;

/** The drawings' chunk, loaded once (tried again after a failure, such as offline). */
export function loadDrawings(): Promise<Drawings> {
  loading ??= import('./drawings.js').then((m) => (drawings = m)).catch((e: unknown) => { loading = null; throw e; });
  return loading;
}

function useDrawings(wanted: boolean): Drawings | null {
  const [d, setD] = useState(drawings);
  useEffect(() => {
    if (!wanted || d !== null) return;
    let live = true;
    loadDrawings().then((m) => { if (live) setD(m); }, () => undefined);
    return () => { live = false; };
  }, [wanted, d]);
  return d;
}

export function Avatar({ player, size = 'md', className }: {
  player: { readonly id: string; readonly avatar?: string | null }; size?: AvatarSize; className?: string;
}) {
  const chosen = isAvatarId(player.avatar) ? player.avatar : null;
  return (
    <svg className={`avatar avatar-${size}${className ? ` ${className}` : ''}`} viewBox="0 0 64 64" aria-hidden="true" focusable="false"
      data-avatar={chosen ?? 'pattern'}>
      {chosen !== null ? <Chosen id={chosen} /> : <Pattern id={player.id} />}
    </svg>
  );
}

function Chosen({ id }: { id: AvatarId }) {
  const d = useDrawings(true);
  return (
    <>
      <circle cx="32" cy="32" r="32" fill={d?.AVATAR_TILES[id] ?? '#ece4d4'} />
      {d?.AVATAR_DRAWINGS[id]}
    </>
  );
}

/** The pattern of an id: its filled cells on its tile, the grid inside the round tile. */
export function Pattern({ id }: { id: string }) {
  const p = avatarPattern(id);
  const cell = 8;
  const from = 32 - (PATTERN_SIZE * cell) / 2;
  return (
    <>
      <circle cx="32" cy="32" r="32" fill={p.bg} />
      <g fill={p.fg}>
        {p.cells.flatMap((row, r) => row.map((on, c) => (on
          ? <rect key={`${r}-${c}`} x={from + c * cell} y={from + r * cell} width={cell + 0.2} height={cell + 0.2} />
          : null)))}
      </g>
    </>
  );
}

/** A bot's seat: a small robot head, the same for every bot (its level is said in words). */
export function BotMark({ size = 'md', className }: { size?: AvatarSize; className?: string }) {
  return (
    <svg className={`avatar avatar-${size} avatar-bot${className ? ` ${className}` : ''}`} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <circle cx="32" cy="32" r="32" fill="#dde3ea" />
      <path d="M32 10v8" stroke="#46525e" strokeWidth="3" strokeLinecap="round" />
      <circle cx="32" cy="9" r="3.5" fill="#e0622f" />
      <rect x="14" y="18" width="36" height="30" rx="9" fill="#8d9aa8" stroke="#46525e" strokeWidth="2.4" />
      <rect x="20" y="25" width="24" height="12" rx="6" fill="#27313b" />
      <circle cx="27" cy="31" r="3" fill="#7fe0c8" />
      <circle cx="37" cy="31" r="3" fill="#7fe0c8" />
      <path d="M25 42h14" stroke="#46525e" strokeWidth="2.4" strokeLinecap="round" />
      <path d="M14 30h-4M54 30h-4" stroke="#46525e" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

/** An empty seat: a dashed ring. */
export function EmptyMark({ size = 'md', className }: { size?: AvatarSize; className?: string }) {
  return (
    <svg className={`avatar avatar-${size} avatar-empty${className ? ` ${className}` : ''}`} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <circle cx="32" cy="32" r="29" fill="none" stroke="currentColor" strokeWidth="3" strokeDasharray="7 6" opacity="0.55" />
    </svg>
  );
}
