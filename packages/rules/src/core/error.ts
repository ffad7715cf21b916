/**
 * Rule errors are values, never exceptions: `apply` returns one and leaves the state untouched.
 * Codes are stable (clients and translations key on them); messages are for people to read and
 * never name a card the reader may not know.
 */
export type ErrorCode =
  | 'NOT_YOUR_TURN'
  | 'ILLEGAL_ACTION'
  | 'MALFORMED_ACTION'
  | 'GAME_OVER'
  | 'BAD_OPTIONS'
  | 'BAD_PLAYERS'
  | 'BAD_SETUP';

export interface RuleError {
  readonly code: ErrorCode;
  readonly message: string;
  /** The rule the refusal rests on (e.g. "SF-9"), when there is one. */
  readonly rule?: string;
}

export interface Refused {
  readonly ok: false;
  readonly error: RuleError;
}

export type Result<T> = { readonly ok: true; readonly value: T } | Refused;

export function refuse(code: ErrorCode, message: string, rule?: string): Refused {
  return { ok: false, error: rule === undefined ? { code, message } : { code, message, rule } };
}

export function ok<T>(value: T): { readonly ok: true; readonly value: T } {
  return { ok: true, value };
}
