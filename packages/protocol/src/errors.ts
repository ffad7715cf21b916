/**
 * Every error code of the protocol itself, with a sentence for people; rule refusals keep the rules'
 * codes (GAME_OVER, MALFORMED_ACTION, NOT_YOUR_TURN, ILLEGAL_ACTION, BAD_OPTIONS, BAD_PLAYERS,
 * BAD_SETUP). The server's own messages are more precise; these are the fallbacks and the list.
 */
export const PROTOCOL_ERRORS = {
  BAD_MESSAGE: 'The message is not valid JSON of a known type, or a field is wrong.',
  TOO_LARGE: 'The message is too large.',
  RATE_LIMITED: 'Too many messages; slow down.',
  HELLO_FIRST: 'Say hello first.',
  BAD_TOKEN: 'That token is not known here.',
  SESSION_EXPIRED: 'This sign-in has expired after going unused too long; sign in again with your password.',
  SESSION_ENDED: 'This session has ended (signed out, the password changed, or the account deleted); sign in again.',
  BAD_NAME: 'Pick a name of 1 to 24 characters, counted as they appear on screen (an emoji or an accented letter is one), with at least one visible character.',
  UNKNOWN_TABLE: 'There is no such table (or it is private and the invite is missing).',
  NOT_YOUR_SEAT: 'You do not hold that seat.',
  SEAT_TAKEN: 'That seat is taken.',
  NO_SUCH_SEAT: 'The table has no such seat.',
  NOT_CREATOR: 'Only the table creator may do that.',
  TOO_MANY_TABLES: 'You have too many open tables.',
  NOT_READY: 'Every seat must be filled first.',
  ALREADY_RUNNING: 'The game has started.',
  NOT_RUNNING: 'No game is running at this table.',
  STALE: 'The game has moved on since you saw it; your action was not played.',
  CHAT_LIMITED: 'Too many chat messages; wait a moment.',
  NAME_TAKEN: 'That name belongs to an account: sign in, or pick another.',
  NAME_LOOKALIKE: 'That name looks too much like an account\'s name (letters that look alike, an accent, a dot at the end); pick another.',
  ALREADY_SEATED: 'You hold a seat at this table already: one seat per person.',
  TABLE_CLOSED: 'This table has closed; its finished games can still be downloaded.',
  TOO_SOON: 'That player has not been away long enough to be replaced yet.',
  NOT_ABSENT: 'That player is here: they cannot be replaced.',
  HAS_TIMER: 'This table has a move timer: a bot plays for anyone whose time runs out.',
  NOT_SEATED: 'Only the players at the table may do that.',
  TOO_MANY_GUESTS: 'Too many new players from your address; try again later.',
  TOO_MANY_CONNECTIONS: 'Too many connections from your address.',
  SERVER_FULL: 'The server has as many open tables as it takes; join one, or try later.',
  STORE_UNAVAILABLE: 'The server could not save just now; nothing was changed. Try again in a moment.',
  TRY_AGAIN: 'The table is moving to another server just now; nothing was changed. Send that again.',
  SERVER_ERROR: 'Something went wrong on the server; nothing was changed.',
  ACCOUNT_REQUIRED: 'Only players with an account may play rated games.',
} as const;

export type ProtocolErrorCode = keyof typeof PROTOCOL_ERRORS;
