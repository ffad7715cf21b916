/** Error codes of the protocol itself; rule refusals keep the rules' codes (NOT_YOUR_TURN, ILLEGAL_ACTION…). */
export const PROTOCOL_ERRORS = {
  BAD_MESSAGE: 'The message is not valid JSON of a known type, or a field is wrong.',
  TOO_LARGE: 'The message is too large.',
  RATE_LIMITED: 'Too many messages; slow down.',
  HELLO_FIRST: 'Say hello first.',
  BAD_TOKEN: 'That token is not known here.',
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
} as const;

export type ProtocolErrorCode = keyof typeof PROTOCOL_ERRORS;
