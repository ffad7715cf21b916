/**
 * A tournament as it is stored (tournament/director.ts): its director's state, and the summary the
 * lists show, with a version that every write moves on by one. A write names the version it read
 * and is refused if another write came first (compare-and-set); the director's own writes also
 * carry its lease's fence (lease id `tournamentLease(id)`).
 */
export interface TournamentRow {
  readonly id: string;
  readonly status: string;
  readonly startsAt: string;
  readonly private: boolean;
  readonly version: number;
  readonly summary: unknown;
  /** The director's state but for what is in `parts`. */
  readonly state: unknown;
  /**
   * Written: the parts to store (new or changed; a null body deletes one), in the same write as
   * the row and only if it is accepted. Read (`tournament`): every part, by kind, then `seq`.
   * Lists leave them out.
   */
  readonly parts?: readonly TournamentPart[];
}

/** A piece of a tournament's state in a row of its own (tournament-host/stored.ts): an entrant or a game. */
export interface TournamentPart {
  readonly kind: 'entrant' | 'game';
  readonly key: string;
  /** Its place in its kind's order. */
  readonly seq: number;
  readonly body: unknown;
}

/** The lease (and fence) of a tournament's director: a row of the table leases under its own name. */
export const tournamentLease = (id: string) => `tournament:${id}`;
