/**
 * The games there were when migration 2 was written, each with its response window then: the name
 * under which a table stored the window's length, and its default in seconds (null: a game without
 * windows). Frozen history, not the registry: migration 2 gives the same result forever, whatever
 * games or defaults the code has later. It names games because the tables it rewrites did.
 */
const WINDOWS_AT_MIGRATION_2: Readonly<Record<string, { readonly setting: string; readonly seconds: number } | null>> = {
  'stir-fry-eighteen': { setting: 'tasteWindow', seconds: 8 },
  'flip-7': null,
};

/**
 * Migration 2's change to one table's body, the same in both stores: the response window's length
 * moves from the game's own name for it to `responseWindow` (null for a game without windows, or
 * one unknown then).
 */
export function withResponseWindow(row: Record<string, unknown>): Record<string, unknown> {
  const game = row.game;
  const window = typeof game === 'string' && Object.hasOwn(WINDOWS_AT_MIGRATION_2, game) ? WINDOWS_AT_MIGRATION_2[game] ?? null : null;
  const { [window?.setting ?? '']: seconds, ...rest } = row;
  const responseWindow = window === null ? null : typeof seconds === 'number' ? seconds : window.seconds;
  return { ...rest, responseWindow };
}
