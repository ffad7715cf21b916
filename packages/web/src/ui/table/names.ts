import type { GameExport } from '@parlor/protocol';

type T = (key: string, values?: Record<string, unknown>) => string;

/** A bot as a table names it: its level and its seat ("Basic bot 2"), so that two bots of a level are told apart. */
export function botName(level: string, seat: number, t: T): string {
  return `${t(`table.botLevel.${level}`)} ${seat + 1}`;
}

/**
 * The seats of a game's export named as its table named them: a bot by level and seat (the export
 * holds only "basic bot"), a person by name, a seat without one by its number.
 */
export function exportSeatNames(seats: GameExport['seats'], t: T): string[] {
  return seats.map((s, i) => (s.kind === 'bot' && s.level !== undefined ? botName(s.level, i, t) : s.name || t('coach.seat', { n: i + 1 })));
}

/**
 * Whether a seat's "(you)" mark belongs after `name`: not when the name is itself the word the mark
 * would add (an offline player who kept the suggested name "You", "Tu", "나"), which would read
 * "Tu (tu)".
 */
export function marksYou(name: string, you: string): boolean {
  return name.trim().toLocaleLowerCase() !== you.trim().toLocaleLowerCase();
}
