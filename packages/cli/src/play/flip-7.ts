import type { F7Action, F7Event, F7View } from '@parlor/rules';
import { f7NextFlipOdds } from '@parlor/rules';
import { type TerminalGame, list, title } from './terminal-game.js';

/** Flip 7 in a terminal. */
export const f7Terminal: TerminalGame<F7View, F7Action, F7Event> = {
  status(v, names) {
    const lines = [`Round ${v.round} · dealer ${names[v.dealer]} · draw pile ${v.drawPileSize} · target ${v.options.target}`];
    names.forEach((n, i) => {
      lines.push(`  ${n.padEnd(18)} ${String(v.scores[i]).padStart(4)}  ${v.status[i]!.padEnd(7)} ${list(v.lines[i]!.map(title))}`);
    });
    if (v.pending?.kind === 'hit-or-stay' && typeof v.viewer === 'number') {
      const odds = f7NextFlipOdds(v, v.viewer);
      lines.push(`Chance the next flip busts you: ${(odds.bust * 100).toFixed(1)}%`);
    }
    if (v.pending?.kind === 'give') lines.push(`You must give ${title(v.pending.card)} to: ${list(v.pending.receivers.map((r) => `${r} (${names[r]})`))}`);
    return lines;
  },

  describe(e, names, viewer) {
    const who = (p: number) => (p === viewer ? 'You' : names[p]!);
    switch (e.type) {
      case 'round-start': return `— Round ${e.round}, ${names[e.dealer]} deals —`;
      case 'deal': return `${who(e.seat)}: dealt ${title(e.card)}.`;
      case 'flip': return `${who(e.seat)} ${e.flipThree ? '(Flip Three) ' : ''}flip${e.seat === viewer ? '' : 's'} ${title(e.card)}.`;
      case 'bust': return `${who(e.seat)} bust${e.seat === viewer ? '' : 's'} on a second ${title(e.card)}!`;
      case 'second-chance-used': return `${who(e.seat)} use${e.seat === viewer ? '' : 's'} a Second Chance against a second ${title(e.card)}.`;
      case 'flip-7': return `${who(e.seat)} flip${e.seat === viewer ? '' : 's'} 7 different numbers: Flip 7! (+15)`;
      case 'stay': return `${who(e.seat)} stay${e.seat === viewer ? '' : 's'}.`;
      case 'give': return `${who(e.from)} give${e.from === viewer ? '' : 's'} ${title(e.card)} to ${e.to === e.from ? 'themself' : e.to === viewer ? 'you' : names[e.to]}.`;
      case 'freeze': return `${who(e.seat)} ${e.seat === viewer ? 'are' : 'is'} frozen.`;
      case 'second-chance-kept': return null;
      case 'flip-three-start': return `${who(e.seat)} must flip three cards.`;
      case 'flip-three-end': return null;
      case 'set-aside': return `  ${title(e.card)} is set aside until the Flip Three ends.`;
      case 'discard': return `  ${title(e.card)} is discarded.`;
      case 'reshuffle': return `The discard pile is shuffled into a new draw pile (${e.cards} cards).`;
      case 'round-end':
        return `Round ${e.round} ends. ` + names.map((n, i) => {
          const b = e.breakdown[i]!;
          return `${n} +${b.total}`;
        }).join(' · ') + ` → totals ${names.map((n, i) => `${n} ${e.scores[i]}`).join(' · ')}`;
      case 'game-over': {
        const winners = e.winners.map((w) => (w === viewer ? 'You' : names[w]!));
        return `Game over: ${list(winners)} win${winners.length === 1 && winners[0] !== 'You' ? 's' : ''}! Final: ${names.map((n, i) => `${n} ${e.scores[i]}`).join(' · ')}.`;
      }
    }
  },

  help(_v, legal) {
    if (legal.some((a) => a.type === 'give')) return ['"give <seat number>" (or just the number) to hand the card over'];
    return ['"hit" (or "h") to flip a card, "stay" (or "s") to bank your line'];
  },

  parse(input, _v, legal) {
    const t = input.trim().toLowerCase();
    if (t === 'hit' || t === 'h') return legal.find((a) => a.type === 'hit') ?? 'You cannot hit now.';
    if (t === 'stay' || t === 's') return legal.find((a) => a.type === 'stay') ?? 'You cannot stay now.';
    const m = /^(?:give\s+)?(\d+)$/.exec(t);
    if (m) {
      const to = Number(m[1]);
      return legal.find((a) => a.type === 'give' && a.to === to) ?? `Seat ${to} cannot receive this card now.`;
    }
    return `"${input.trim()}" is not a move here. Type "?" for the list.`;
  },
};
