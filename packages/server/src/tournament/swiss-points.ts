/**
 * Swiss points for one finished game: a game is worth one point, as a chess game is, shared out by
 * place. A player takes their share of the opponents at the table: each one finished ahead of
 * counts whole, each one tied with counts half. The winner of a table of four alone takes 1, the
 * second 2/3, the third 1/3, the last 0; at a table of two this is chess's 1, ½, 0. Tables of a
 * round differ in size by one at most, and this keeps a win worth the same at each.
 * A player who left is last (0), behind everyone who stayed.
 * A bye (no table for the player this round) scores `BYE_POINTS`, as Lichess's Swiss does.
 */
import type { ArenaSeat } from './points.js';

export const BYE_POINTS = 1;

/** Each seat's Swiss points for the game. */
export function swissPoints(seats: readonly ArenaSeat[]): number[] {
  if (seats.length < 2) return seats.map(() => 0);
  return seats.map((s, i) => {
    let halves = 0;
    seats.forEach((o, j) => {
      if (i === j || s.left) return;
      if (o.left || s.place < o.place) halves += 2;
      else if (s.place === o.place) halves += 1;
    });
    return halves / (2 * (seats.length - 1));
  });
}
