import type { GameSnapshot } from '@parlor/protocol';
import { useEffect, useRef } from 'react';
import { myAwayReason } from '../../state/presence.js';
import type { TableState } from '../../state/store.js';
import { type Tone, play, playTone } from '../sound.js';

/**
 * When the table asks something of me: the cue to play and the moment it is for, or null. I am asked
 * when a seat I hold is in `waitingFor` with actions to take (and no stand-in plays it); several seats
 * asked at once is a response window (Stir Fry Eighteen's taste test), one seat is my turn.
 */
export function askedCue(table: TableState): { readonly cue: 'yourTurn' | 'window'; readonly key: string } | null {
  if (myAwayReason(table) !== null) return null;
  for (const seat of table.yourSeats) {
    const g: GameSnapshot | undefined = table.games[String(seat)];
    if (g === undefined || g.outcome !== null || g.legal.length === 0 || !g.waitingFor.includes(seat)) continue;
    return { cue: g.waitingFor.length > 1 ? 'window' : 'yourTurn', key: `${table.summary.id}:${g.gameNo}:${g.seq}:${seat}` };
  }
  return null;
}

/** The cue to play now, given the moment I was asked at the snapshot before (null: not asked). */
export function cueToPlay(before: string | null, now: ReturnType<typeof askedCue>): 'yourTurn' | 'window' | null {
  return now !== null && before === null ? now.cue : null;
}

/**
 * The table page's cues, the same for every game: `yourTurn` when one of my seats becomes asked,
 * `window` when I am asked in a response window. "Becomes": a cue plays when I was not asked at the
 * snapshot before (not again for each of my moves in a row, such as Flip 7 hits).
 */
export function useTurnCues(table: TableState | undefined): void {
  const asked = table === undefined ? null : askedCue(table);
  const was = useRef<string | null>(null);
  const key = asked === null ? null : asked.key;
  const cue = asked?.cue ?? null;
  useEffect(() => {
    const now = key === null || cue === null ? null : { key, cue };
    const sound = cueToPlay(was.current, now);
    if (sound !== null) play(sound);
    was.current = key;
  }, [key, cue]);
}

/** A game's own cue (a bust, a Flip 7…): its name, unique among the games' cues, and its tone. */
export interface GameCue {
  readonly name: string;
  readonly tone: Tone;
}

/** Moments already sounded (game cues), so that a re-render or a second screen of the same moment plays it once. */
const played = new Set<string>();

/**
 * For the game screens: plays a game's own cue once for the moment `key` names — say
 * `${tableId}:${gameNo}:${seq}` of the snapshot whose events hold a bust. Muted when the player
 * chose so (settings); silent until the page has been interacted with (the browser's rule).
 */
export function playGameCue(cue: GameCue, key: string): void {
  const id = `${cue.name}:${key}`;
  if (played.has(id)) return;
  played.add(id);
  if (played.size > 500) played.delete(played.values().next().value!);
  playTone(cue.tone);
}

/**
 * The same as a hook: plays `cue` when `key` turns to a moment not seen before (null: nothing to
 * sound now). The moment already shown when the screen mounts (a reload, a game watched from its
 * middle) stays silent.
 */
export function useGameCue(cue: GameCue, key: string | null): void {
  const first = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    if (first.current === undefined) {
      first.current = key;
      if (key !== null) played.add(`${cue.name}:${key}`);
      return;
    }
    if (key !== null) playGameCue(cue, key);
  }, [cue, key]);
}
