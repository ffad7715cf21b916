import type { GameSnapshot } from '@parlor/protocol';
import { useEffect, useRef } from 'react';
import { myAwayReason } from '../../state/presence.js';
import type { TableState } from '../../state/store.js';
import { type Cue, type Tone, play, playTone } from '../sound.js';

/**
 * When the table asks something of me: the cue to play and the moment it is for, or null. I am asked
 * when a seat I hold is in `waitingFor` with actions to take (and no stand-in plays it); several seats
 * asked at once is a response window (Stir Fry Eighteen's taste test), one seat is my turn; `deadline`
 * is when its timer runs out (null: none).
 */
export function askedCue(table: TableState): { readonly cue: 'yourTurn' | 'window'; readonly key: string; readonly deadline: number | null } | null {
  if (myAwayReason(table) !== null) return null;
  for (const seat of table.yourSeats) {
    const g: GameSnapshot | undefined = table.games[String(seat)];
    if (g === undefined || g.outcome !== null || g.legal.length === 0 || !g.waitingFor.includes(seat)) continue;
    return { cue: g.waitingFor.length > 1 ? 'window' : 'yourTurn', key: `${table.summary.id}:${g.gameNo}:${g.seq}:${seat}`, deadline: g.deadline };
  }
  return null;
}

/** The cue to play now, given the moment I was asked at the snapshot before (null: not asked). */
export function cueToPlay(before: string | null, now: { readonly cue: 'yourTurn' | 'window'; readonly key: string } | null): 'yourTurn' | 'window' | null {
  return now !== null && before === null ? now.cue : null;
}

/** Seconds left on my move timer when the `timerLow` cue sounds. */
export const TIMER_LOW_SECONDS = 5;

/**
 * When to sound `timerLow` for the moment I am asked now, in ms from `now`: null when no timer runs
 * for it, or when it already runs out within the low seconds as the moment comes (nothing to warn of).
 */
export function timerLowIn(deadline: number | null, now: number): number | null {
  if (deadline === null) return null;
  const at = deadline - TIMER_LOW_SECONDS * 1000 - now;
  return at > 0 ? at : null;
}

/**
 * The end of the game as I hear it: `gameWon` when a seat of mine is among the winners, `gameOver`
 * for a game I played and did not win, null for a game still on, or one I only watch. Its key names
 * the game, so that it sounds once.
 */
export function endCue(table: TableState): { readonly cue: 'gameWon' | 'gameOver'; readonly key: string } | null {
  const seats = table.yourSeats;
  if (seats.length === 0) return null;
  const g: GameSnapshot | undefined = table.games[String(seats[0])];
  if (g === undefined || g.outcome === null) return null;
  const won = seats.some((s) => g.outcome!.winners.includes(s));
  return { cue: won ? 'gameWon' : 'gameOver', key: `${table.summary.id}:${g.gameNo}` };
}

type ChatLines = TableState['chat'];

/**
 * Whether the chat has a new line from someone else (`me`: my player id) since its last line was
 * `seenLast` (null: it was empty). Lines are told by identity, so that a chat that keeps only its
 * latest lines (the store's) still shows what is new.
 */
export function chatCue(seenLast: ChatLines[number] | null, lines: ChatLines, me: string | null): boolean {
  const from = seenLast === null ? 0 : lines.lastIndexOf(seenLast) + 1;
  return lines.slice(from).some((l) => l.from.id !== me);
}

/**
 * The table page's cues, the same for every game: `yourTurn` when one of my seats becomes asked,
 * `window` when I am asked in a response window, `timerLow` when my move timer comes within its
 * last seconds, `chat` for a line someone else writes (`me`: my player id), `gameWon` or
 * `gameOver` when a game I play ends. "Becomes": a cue plays when I was not asked at the snapshot
 * before (not again for each of my moves in a row, such as Flip 7 hits). What is on screen when the
 * page opens (the chat so far, a game already over) stays silent.
 */
export function useTurnCues(table: TableState | undefined, me: string | null = null): void {
  const asked = table === undefined ? null : askedCue(table);
  const was = useRef<string | null>(null);
  const key = asked === null ? null : asked.key;
  const cue = asked?.cue ?? null;
  const deadline = asked?.deadline ?? null;
  useEffect(() => {
    const now = key === null || cue === null ? null : { key, cue };
    const sound = cueToPlay(was.current, now);
    if (sound !== null) void play(sound);
    was.current = key;
  }, [key, cue]);
  useEffect(() => {
    const wait = key === null ? null : timerLowIn(deadline, Date.now());
    if (wait === null) return;
    const id = window.setTimeout(() => void play('timerLow'), wait);
    return () => window.clearTimeout(id);
  }, [key, deadline]);

  const chat = table?.chat;
  const tableId = table?.summary.id;
  // This table's chat as last seen, by its last line (what another table's chat held does not count).
  const seenChat = useRef<{ readonly id: string; readonly last: ChatLines[number] | null } | null>(null);
  useEffect(() => {
    if (chat === undefined || tableId === undefined) return;
    const seen = seenChat.current;
    if (seen !== null && seen.id === tableId && chatCue(seen.last, chat, me)) void play('chat');
    seenChat.current = { id: tableId, last: chat[chat.length - 1] ?? null };
  }, [chat, tableId, me]);

  const end = table === undefined ? null : endCue(table);
  useOnce(end === null ? null : end.cue, end === null ? null : end.key);
}

/** Plays a table cue when `key` turns to one not seen before; the key at the first render stays silent. */
function useOnce(cue: Cue | null, key: string | null): void {
  const seen = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    const first = seen.current === undefined;
    if (key === seen.current) return;
    seen.current = key;
    if (!first && key !== null && cue !== null) void play(cue);
  }, [cue, key]);
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
  void playTone(cue.tone);
}

/**
 * The same as a hook: plays `cue` when `key` turns to a moment not seen before (a null cue or key:
 * nothing to sound now). The moment already shown when the screen mounts (a reload, a game watched
 * from its middle) stays silent.
 */
export function useGameCue(cue: GameCue | null, key: string | null): void {
  const first = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    if (first.current === undefined) {
      first.current = key;
      if (key !== null && cue !== null) played.add(`${cue.name}:${key}`);
      return;
    }
    if (key !== null && cue !== null) playGameCue(cue, key);
  }, [cue, key]);
}
