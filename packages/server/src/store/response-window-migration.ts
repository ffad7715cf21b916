import { GAMES, isGameId } from '@parlor/rules';

/**
 * Migration 2's change to one table's body, the same in both stores: the response window's length
 * moves from the game's own name for it to `responseWindow` (null for a game without windows).
 */
export function withResponseWindow(row: Record<string, unknown>): Record<string, unknown> {
  const window = isGameId(row.game) ? GAMES[row.game].responseWindow : null;
  const { [window?.setting ?? '']: seconds, ...rest } = row;
  const responseWindow = window === null ? null : typeof seconds === 'number' ? seconds : window.seconds.default;
  return { ...rest, responseWindow };
}
