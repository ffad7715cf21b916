import { describe, expect, it } from 'vitest';
import { playSession } from '../src/play/session.js';

/** Feeds the session a script of answers chosen from what it printed; records everything printed. */
function scripted(answer: (printed: string[]) => string) {
  const printed: string[] = [];
  let asked = 0;
  return {
    printed,
    get asked() { return asked; },
    ask: async () => { asked++; return asked > 5000 ? null : answer(printed); },
    print: (line: string) => { printed.push(line); },
  };
}

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
    expect(io.printed.some((l) => /^Bot .* drew /.test(l))).toBe(false);
  });

  it('stops cleanly when input ends', async () => {
    const code = await playSession({ game: 'flip-7', bots: ['random'], options: {}, seed: 'eof', ask: async () => null, print: () => {} });
    expect(code).toBe(1);
  });
});
