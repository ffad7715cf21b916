import {
  type SfAction, type SfCard, type SfEvent, type SfView, SF_CARDS, SF_PROTEIN_DRAWS, sfCheckDish, sfIsCard,
} from '@parlor/rules';
import { type TerminalGame, list, title } from './terminal-game.js';

const cards = (cs: readonly SfCard[]) => list(cs.map(title));
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Stir Fry Eighteen in a terminal. */
export const sfTerminal: TerminalGame<SfView, SfAction, SfEvent> = {
  status(v, names) {
    const lines = [
      `Scores (target ${v.options.target}): ${names.map((n, i) => `${n} ${v.scores[i]} (${plural(v.handSizes[i]!, 'card')})`).join(' · ')}`,
      `Draw pile: ${plural(v.drawPileSize, 'card')}${v.putDown.length > 0 ? ` · put down this turn: ${v.putDown.reduce((a, p) => a + p.count, 0)}` : ''}`,
      `Your hand: ${cards(v.hand ?? [])}`,
    ];
    if (v.declaration) {
      const d = v.declaration;
      lines.push(`${names[d.declarer]} declared ${d.kind === 'pair' ? 'a pair' : `a ${title(d.claim!)}`}: taste test or trust?`);
    }
    return lines;
  },

  describe(e, names, viewer) {
    const who = (p: number) => (p === viewer ? 'You' : names[p]!);
    switch (e.type) {
      case 'turn-start': return `— Turn ${e.turn}: ${e.player === viewer ? 'your turn' : names[e.player]} —`;
      case 'draw':
        if (e.blocked) return `${who(e.player)} ${e.player === viewer ? 'draw' : 'draws'} nothing (caught bluffing this turn).`;
        return `${who(e.player)} ${e.player === viewer ? 'draw' : 'draws'} ${plural(e.count, 'card')}` +
          (e.count < e.owed ? ` (${e.owed - e.count} lost: the pile ran out)` : '') + '.';
      case 'drawn': return `  You drew ${cards(e.cards)}.`;
      case 'declare':
        return `${who(e.player)} ${e.player === viewer ? 'discard' : 'discards'} ` +
          (e.kind === 'pair' ? 'a pair face down.' : `one card face down: "${title(e.claim!)}!"`);
      case 'put-down': return `  You put down ${cards(e.cards)}.`;
      case 'trust': return `${who(e.player)} ${e.player === viewer ? 'trust' : 'trusts'} it.`;
      case 'taste-test':
        return `${who(e.tester)} ${e.tester === viewer ? 'call' : 'calls'} a taste test on ${e.declarer === viewer ? 'you' : names[e.declarer]}: ` +
          `${cards(e.cards)} — ${e.honest ? 'honest!' : 'a bluff!'}`;
      case 'tester-discards-hand': return `${who(e.player)} ${e.player === viewer ? 'throw' : 'throws'} away ${plural(e.count, 'card')}.`;
      case 'tester-loses-points': return `${who(e.player)} ${e.player === viewer ? 'lose' : 'loses'} ${e.points} points (now ${e.score}).`;
      case 'cook':
        return `${who(e.player)} ${e.player === viewer ? 'cook' : 'cooks'} ${cards(e.cards)} for ${e.points} points ` +
          `(now ${e.score}${e.bounced ? ', bounced back past the target' : ''}).`;
      case 'discard-down': return `${who(e.player)} ${e.player === viewer ? 'discard' : 'discards'} ${plural(e.count, 'card')} to keep 3.`;
      case 'closing-time': return `${who(e.player)} reached the target: closing time! Everyone else plays one last turn.`;
      case 'game-over': {
        const winners = e.winners.map((w) => (w === viewer ? 'You' : names[w]!));
        return `Game over: ${list(winners)} ${winners.length === 1 && winners[0] !== 'You' ? 'wins' : 'win'}! ` +
          `Final scores: ${names.map((n, i) => `${n} ${e.scores[i]}`).join(' · ')}` +
          (e.removed ? `. Tofu had replaced ${title(e.removed)}.` : '.');
      }
      case 'shuffle': case 'turn-end': return null;
    }
  },

  help(v, legal) {
    const kinds = new Set(legal.map((a) => a.type));
    const out: string[] = [];
    if (kinds.has('taste-test')) out.push('"test" to call a taste test, "trust" to let it stand');
    if (kinds.has('discard-pair')) out.push('"pair <card> <card>" to discard two cards as a pair (draw 3)');
    if (kinds.has('discard-protein')) {
      const claims = v.options.tofu ? 'shrimp, pork, chicken or tofu' : 'shrimp, pork or chicken';
      out.push(`"protein <card> as <${claims}>" to discard one card as that protein (draw ${Object.values(SF_PROTEIN_DRAWS).join('/')})`);
    }
    if (kinds.has('cook')) out.push('"cook <card> <card> <card>…" to cook a dish (3–5 different cards with Noodles)');
    if (kinds.has('end-turn')) out.push('"end" to end your turn');
    if (kinds.has('discard-down')) out.push(`"down <card>…" to discard ${legal[0] && 'cards' in legal[0] ? legal[0].cards.length : ''} card(s) and keep 3`);
    out.push('"?" to list every possible move by number. Cards: ' + SF_CARDS.filter((c) => c !== 'tofu' || v.options.tofu).join(', '));
    return out;
  },

  parse(input, _v, legal) {
    const words = input.trim().toLowerCase().replace(/green onion/g, 'green-onion').replace(/soy sauce/g, 'soy-sauce').split(/[\s,]+/).filter(Boolean);
    const [verb, ...rest] = words;
    const cardsOf = (ws: string[]): SfCard[] | string => {
      const bad = ws.find((w) => !sfIsCard(w));
      return bad !== undefined ? `"${bad}" is not a card (cards: ${SF_CARDS.join(', ')}).` : ws as SfCard[];
    };
    let wanted: SfAction | string;
    switch (verb) {
      case 'test': case 'taste': wanted = { type: 'taste-test' }; break;
      case 'trust': wanted = { type: 'trust' }; break;
      case 'end': case 'pass': wanted = { type: 'end-turn' }; break;
      case 'pair': { const c = cardsOf(rest); wanted = typeof c === 'string' ? c : { type: 'discard-pair', cards: c }; break; }
      case 'cook': { const c = cardsOf(rest); wanted = typeof c === 'string' ? c : { type: 'cook', cards: c }; break; }
      case 'down': { const c = cardsOf(rest); wanted = typeof c === 'string' ? c : { type: 'discard-down', cards: c }; break; }
      case 'protein': {
        const [card, as, claim] = rest;
        if (card === undefined || as !== 'as' || claim === undefined) { wanted = 'Say "protein <card> as <protein>", e.g. "protein noodles as shrimp".'; break; }
        const c = cardsOf([card, claim]);
        wanted = typeof c === 'string' ? c : { type: 'discard-protein', card: c[0]!, claim: c[1] as 'shrimp' };
        break;
      }
      default: return `"${input.trim()}" is not a move here. Type "?" for the list.`;
    }
    if (typeof wanted === 'string') return wanted;
    const key = canonical(wanted);
    const found = legal.find((a) => canonical(a) === key);
    if (found) return found;
    if (wanted.type === 'cook') {
      const d = sfCheckDish(wanted.cards);
      if (!d.legal) return d.message;
    }
    return 'That move is not possible now. Type "?" for the list.';
  },
};

function canonical(a: SfAction): string {
  return JSON.stringify('cards' in a ? { ...a, cards: a.cards.slice().sort() } : a);
}
