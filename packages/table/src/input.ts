import type { BotLevel } from '@parlor/protocol';
import type { Seat } from '@parlor/rules';
import type { Person } from './state.js';

/**
 * Everything that can happen to a table: a person's message, a timer falling due, a bot's answer,
 * a change of presence, a sweep of the server. `player` is the sender's id (the shell has checked
 * who they are); `person`, where given, is what the table should know of them from now on.
 */
export type TableInput =
  | { readonly type: 'watch'; readonly watcher: string; readonly player: string; readonly person?: Person; readonly re?: string | number }
  | { readonly type: 'unwatch'; readonly watcher: string }
  | { readonly type: 'sit'; readonly player: string; readonly person?: Person; readonly seat: Seat; readonly watcher?: string }
  | { readonly type: 'leave'; readonly player: string; readonly seat: Seat }
  | { readonly type: 'back'; readonly player: string; readonly seat: Seat }
  | { readonly type: 'replace'; readonly player: string; readonly seat: Seat }
  | { readonly type: 'bot.add'; readonly player: string; readonly seat: Seat; readonly level: BotLevel }
  | { readonly type: 'bot.remove'; readonly player: string; readonly seat: Seat }
  | { readonly type: 'start'; readonly player: string; readonly seed: string }
  | { readonly type: 'act'; readonly player: string; readonly seat: Seat; readonly seq: number; readonly action: unknown }
  /** A player's name or presence changed; `tell`: everyone watching hears of it (their seat's state). */
  | { readonly type: 'person'; readonly player: string; readonly person: Person; readonly tell?: boolean }
  | { readonly type: 'timer'; readonly key: string }
  /** A bot's answer to an `ask` (undefined with `failed`: it threw, and a legal action is played for it). */
  | { readonly type: 'bot'; readonly seat: Seat; readonly seq: number; readonly action: unknown; readonly failed?: string }
  /** A tournament's time for this game ran out: stand-in bots play every person's seat to the end. */
  | { readonly type: 'stand-ins' }
  /** The server's periodic look at idle tables. */
  | { readonly type: 'sweep' }
  /**
   * The table was just rebuilt from the store (a restart, a takeover): nobody is known to be
   * connected, so every seated player who is not gets the grace period from now.
   */
  | { readonly type: 'load' };
