import { type BotLevel, createBot } from '@parlor/bots';
import {
  type Agent, type SfAction, type SfCard, type SfEvent, type SfState, type SfView, SF_CARDS, playGame, sfSortCards, stirFryEighteen,
} from '@parlor/rules';
import { describe, expect, it } from 'vitest';
import { sfTerminal } from '../src/play/stir-fry-eighteen.js';
import { playSession } from '../src/play/session.js';
import { list, title } from '../src/play/terminal-game.js';

/** Feeds the session a script of answers chosen from what it printed; records everything printed and every answer. */
function scripted(answer: (printed: string[]) => string) {
  const printed: string[] = [];
  const inputs: string[] = [];
  let asked = 0;
  return {
    printed,
    inputs,
    get asked() { return asked; },
    ask: async () => {
      asked++;
      if (asked > 5000) return null;
      const input = answer(printed);
      inputs.push(input);
      return input;
    },
    print: (line: string) => { printed.push(line); },
  };
}

/** What the rules say happened in a terminal Stir Fry Eighteen game, replayed with the person's typed answers. */
interface SfReplay {
  /** Every event of the game, for every audience, oldest first (the opening ones too). */
  readonly events: SfEvent[];
  /** The person's (seat 0's) real hand each time they were asked, in order. */
  readonly hands: SfCard[][];
  /** What the terminal answered each typed line it did not take as a move, in order. */
  readonly replies: string[];
  readonly state: SfState;
}

/**
 * Replays a terminal session through the rules: the same seed and bots (the driver gives them the
 * same generators), and seat 0 reading the same typed lines as the session does. Knowing the whole
 * state at every moment, a test can tell what the person could and could not know.
 */
async function replaySf(seed: string, bots: readonly BotLevel[], inputs: readonly string[]): Promise<SfReplay> {
  const started = stirFryEighteen.start({ players: 1 + bots.length, options: {}, seed });
  if (!started.ok) throw new Error(started.error.message);
  let current = started.value.state;
  const events: SfEvent[] = [...started.value.events];
  const hands: SfCard[][] = [];
  const replies: string[] = [];
  let next = 0;
  const person: Agent<SfView, SfAction, SfEvent> = {
    decide: (view, legal) => {
      hands.push(sfSortCards(current.hands[0]!.slice())); // shown in rule order
      for (;;) {
        const input = inputs[next++];
        if (input === undefined) throw new Error('the replay ran out of typed lines before the game ended');
        const parsed = sfTerminal.parse(input, view, legal);
        if (typeof parsed !== 'string') return parsed;
        replies.push(parsed);
      }
    },
  };
  const r = await playGame<SfState, SfAction, SfEvent>({
    game: stirFryEighteen, seed, start: { state: current, events: started.value.events },
    agents: [person, ...bots.map((level) => createBot('stir-fry-eighteen', level))],
    onAction: (played) => { current = played.after; events.push(...played.events); },
  });
  expect(next).toBe(inputs.length); // the replay read every line the person typed: it is the same game
  return { events, hands, replies, state: r.state };
}

const CARD_WORD = new RegExp(`\\b(${SF_CARDS.map(title).join('|')})\\b`);
const cardList = (cards: readonly SfCard[]) => list(cards.map(title));

describe('parlor play (terminal)', () => {
  it('plays a whole Flip 7 game, re-prompting on bad input', async () => {
    let i = 0;
    const io = scripted((printed) => {
      i++;
      if (i % 7 === 3) return 'fly';                  // nonsense: re-prompt
      const last = printed.slice(-4).join('\n');
      if (/must give/.test(printed.filter((l) => !l.startsWith('  ')).at(-1) ?? '') || /"give <seat number>"/.test(last)) {
        const m = /You must give .* to: (\d+)/.exec(printed.filter((l) => l.startsWith('You must give')).at(-1) ?? '');
        return m ? m[1]! : '0';
      }
      return i % 2 === 0 ? 'hit' : 'stay';
    });
    const code = await playSession({ game: 'flip-7', bots: ['random', 'random'], options: {}, seed: 'play-f7', ask: io.ask, print: io.print });
    expect(code).toBe(0);
    expect(io.printed.some((l) => l.startsWith('Game over:'))).toBe(true);
    expect(io.printed).toContain('"fly" is not a move here. Type "?" for the list.');
    expect(io.printed.some((l) => /^Round \d+ ends\./.test(l))).toBe(true);
  });

  it('plays a whole Stir Fry Eighteen game; the person only ever sees their own cards', async () => {
    let i = 0;
    const io = scripted((printed) => {
      i++;
      const hand = /^Your hand: (.*)$/.exec(printed.filter((l) => l.startsWith('Your hand:')).at(-1) ?? '')?.[1] ?? '';
      const cards = hand.split(', ').map((c) => c.toLowerCase().replace(' ', '-')).filter((c) => c !== 'nothing' && c !== '');
      const prompt = printed.slice(-8).join('\n');
      if (/"test" to call a taste test/.test(prompt)) return i % 3 === 0 ? 'test' : 'trust';
      if (/"down <card>/.test(prompt)) {
        const n = Number(/discard (\d+) card/.exec(prompt)?.[1] ?? 1);
        return `down ${cards.slice(0, n).join(' ')}`;
      }
      if (i % 5 === 1) return 'cook noodles noodles pork'; // refused: re-prompt with the reason
      if (i % 5 === 2 && cards.includes('noodles') && cards.length >= 3) {
        const distinct = [...new Set(cards)].filter((c) => c !== 'noodles').slice(0, 2);
        if (distinct.length === 2) return `cook noodles ${distinct.join(' ')}`;
      }
      return 'end';
    });
    const code = await playSession({ game: 'stir-fry-eighteen', bots: ['random', 'random'], options: {}, seed: 'play-sf', ask: io.ask, print: io.print });
    expect(code).toBe(0);
    expect(io.printed.some((l) => l.startsWith('Game over:'))).toBe(true);
    expect(io.printed).toContain('Every card of a dish must be a different ingredient (SF-20).');
    // Other players' draws are counts only; the person's own draws name cards.
    expect(io.printed.some((l) => /^Bot \d \(random\) draws \d+ cards?/.test(l))).toBe(true);

    // Replayed through the rules, the game is known whole: every hand at every moment.
    const g = await replaySf('play-sf', ['random', 'random'], io.inputs);
    expect(io.printed.find((l) => l.startsWith('Game over:'))).toContain(`Final scores: You ${g.state.scores[0]} · Bot 1 (random) ${g.state.scores[1]} · Bot 2 (random) ${g.state.scores[2]}`);
    const own = (type: 'drawn' | 'put-down') => g.events.flatMap((e) => (e.type === type && e.only === 0 ? [cardList(e.cards)] : []));
    const othersDrew = g.events.filter((e) => e.type === 'drawn' && e.only !== 0);
    expect(othersDrew.length).toBeGreaterThan(0); // there were other players' cards to hide
    const shown = (type: 'taste-test' | 'cook') => g.events.flatMap((e) => (e.type === type ? [cardList(e.cards)] : []));
    // Every line that names cards names the person's own (their hand as it really was when asked,
    // their own draws and discards), or cards shown to everyone (a taste test's, a dish's); a bot's
    // draw printed as "You drew …" would add a line to the person's own.
    const HAND = /^Your hand: (.*)$/, DREW = /^ {2}You drew (.*)\.$/, PUT_DOWN = /^ {2}You put down (.*)\.$/;
    const TESTED = / a taste test on [^:]+: (.*) — (?:honest|a bluff)!$/, COOKED = /^(?:You cook|.+ cooks) (.*) for -?\d+ points \(now /;
    const lines = (re: RegExp) => io.printed.flatMap((l) => { const m = re.exec(l); return m ? [m[1]!] : []; });
    expect(lines(HAND)).toEqual(g.hands.map(cardList));
    expect(lines(DREW)).toEqual(own('drawn'));
    expect(lines(PUT_DOWN)).toEqual(own('put-down'));
    expect(lines(TESTED)).toEqual(shown('taste-test'));
    expect(lines(COOKED)).toEqual(shown('cook'));
    expect(own('drawn').length).toBeGreaterThan(0);
    // Every other line names no card at all — save a declared protein (what was said, not shown),
    // the list of moves (every card's name), and the answer to a typed line (the person's own words).
    const replies = g.replies.slice();
    for (const [n, line] of io.printed.entries()) {
      if ([HAND, DREW, PUT_DOWN, TESTED, COOKED].some((re) => re.test(line))) continue;
      if (line.startsWith('  "')) continue; // help: the moves, and every card's name
      if (replies[0] === line) { replies.shift(); continue; }
      const said = line.replace(/face down: "[A-Z][a-z]+!"$/, 'face down: "…!"').replace(/ declared a [A-Z][a-z]+: /, ' declared a …: ');
      expect(said, `line ${n}`).not.toMatch(CARD_WORD);
    }
    expect(replies).toEqual([]); // each line the terminal did not take was answered, in order
  });

  it('stops cleanly when input ends', async () => {
    const code = await playSession({ game: 'flip-7', bots: ['random'], options: {}, seed: 'eof', ask: async () => null, print: () => {} });
    expect(code).toBe(1);
  });
});
