import { type Bot, createBot } from '@parlor/bots';
import { createRng } from '@parlor/rules';
import type { BotAsk } from './effect.js';

/** A bot's answer to an ask, as the table takes it (`{ type: 'bot', … }`). */
export interface BotAnswer {
  readonly action: unknown;
  /** Why the bot gave no answer (it threw): the table plays a legal action for it. */
  readonly failed?: string;
}

/**
 * The bots of the tables a shell runs, each remembering what its seat saw: a table's bots are
 * made when first asked and told every event they have not seen yet (so a stand-in that joins
 * mid-game knows the game so far), and forgotten with the table's game.
 */
export class BotPool {
  private readonly tables = new Map<string, { gameNo: number; seats: Map<string, { bot: Bot; seen: number }> }>();

  async decide(tableId: string, ask: BotAsk): Promise<BotAnswer> {
    let table = this.tables.get(tableId);
    if (table === undefined || table.gameNo !== ask.gameNo) this.tables.set(tableId, (table = { gameNo: ask.gameNo, seats: new Map() }));
    const key = `${ask.seat}/${ask.level}`;
    let entry = table.seats.get(key);
    if (entry === undefined) table.seats.set(key, (entry = { bot: createBot(ask.game, ask.level), seen: 0 }));
    if (entry.bot.observe !== undefined && ask.seen.length > entry.seen) entry.bot.observe(ask.seen.slice(entry.seen));
    entry.seen = ask.seen.length;
    try {
      return { action: await entry.bot.decide(ask.view, ask.legal, createRng(ask.rng)) };
    } catch (e) {
      return { action: undefined, failed: e instanceof Error ? e.message : String(e) };
    }
  }

  forget(tableId: string): void {
    this.tables.delete(tableId);
  }
}
