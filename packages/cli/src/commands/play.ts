import { createInterface } from 'node:readline';
import { playSession } from '../play/session.js';
import { parseBots, parseGame, parseOptions, randomSeed } from './arguments.js';

/** `parlor play <game> [--bots expert,expert] [--options JSON] [--seed S]`: you against bots. */
export async function playCommand(gameName: string, args: { bots: string; options?: string; seed?: string }): Promise<number> {
  const game = parseGame(gameName);
  const bots = parseBots(game, args.bots, 1);
  const options = parseOptions(game, args.options);
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: process.stdin.isTTY === true });
  const lines: string[] = [];
  const waiting: ((line: string | null) => void)[] = [];
  let closed = false;
  rl.on('line', (line) => { const w = waiting.shift(); if (w) w(line); else lines.push(line); });
  rl.on('close', () => { closed = true; for (const w of waiting.splice(0)) w(null); });
  const ask = (prompt: string) => new Promise<string | null>((resolve) => {
    process.stdout.write(prompt);
    if (lines.length > 0) resolve(lines.shift()!);
    else if (closed) resolve(null);
    else waiting.push(resolve);
  });
  try {
    return await playSession({ game, bots, options, seed: args.seed ?? randomSeed(), ask, print: (l) => console.log(l) });
  } finally {
    rl.close();
  }
}
