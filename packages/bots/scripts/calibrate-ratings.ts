/**
 * Calibrates the bots' fixed ratings (each game's `ratings`, in packages/bots/src/<game>/bots.ts) from simulated
 * games between the levels, with the rating model the server uses: `openskill`'s `rate` with its
 * defaults (Plackett–Luce; μ₀ 25, σ₀ 25/3, β 25/6, τ 25/300), every seat a one-player team, ranked as
 * the server ranks a game: the winners first, everyone else tied. Method and figures: docs/bots.md,
 * "Bot ratings".
 *   npx tsx --conditions=@parlor/source packages/bots/scripts/calibrate-ratings.ts [games] [game] [--rank=place]
 * games: calibration games per game (default: each game's own, in PLANS); game: one game id (default
 * every game); --rank=place ranks by place instead (for comparison; the server ranks by winner).
 * Prints the games, the fit, the sanity check (openskill's predictWin against simulated win rates)
 * and each game's `ratings` to paste into its bots.ts. Fixed seeds: the same arguments give the same figures.
 */
import { GAME_IDS, type GameId, type Rng, createRng, gameModule, isGameId, playGame } from '@parlor/rules';
import { type Rating, predictWin, rate } from 'openskill';
import { botLevels, createBot, simulate } from '../src/index.js';

/** openskill's defaults, which the server uses: a new account's rating. */
const PRIOR: Rating = { mu: 25, sigma: 25 / 3 };
/** Resamples of the games for the μ's standard errors. */
const BOOTSTRAP = 20;
/** Accounts per level in the final probe. */
const PROBES = 8;

interface Plan {
  /** Calibration games by default. */
  readonly games: number;
  /** The number of seats of one calibration game. */
  players(rng: Rng): number;
}

/** Typed by the registry: a game added there needs a plan here (and ratings in its bots entry). */
const PLANS: Record<GameId, Plan> = {
  // SF-5: 2–5 players, each count equally likely.
  'stir-fry-eighteen': { games: 1500, players: (rng) => 2 + rng.int(4) },
  // F7-3: 2–12 players; most tables have 2–6 (85%), the rest 7–12.
  'flip-7': { games: 2000, players: (rng) => (rng.float() < 0.85 ? 2 + rng.int(5) : 7 + rng.int(6)) },
};

/** One finished calibration game: the level of every seat (an index into the game's levels) and its rank. */
interface Played { readonly seats: readonly number[]; readonly ranks: readonly number[] }

const flags = process.argv.slice(2).filter((a) => a.startsWith('--'));
const [gamesArg, only] = process.argv.slice(2).filter((a) => !a.startsWith('--'));
for (const f of flags) if (f !== '--rank=win' && f !== '--rank=place') throw new Error(`unknown flag ${f}`);
const RANK: 'place' | 'win' = flags.includes('--rank=place') ? 'place' : 'win';
if (gamesArg !== undefined && !(Number.isInteger(Number(gamesArg)) && Number(gamesArg) >= 10)) throw new Error(`games must be a whole number ≥ 10, not ${gamesArg}`);
if (only !== undefined && !isGameId(only)) throw new Error(`unknown game ${only}; one of ${GAME_IDS.join(', ')}`);

const started = performance.now();
const lines: string[] = [];
for (const id of GAME_IDS) {
  if (only !== undefined && id !== only) continue;
  lines.push(await calibrate(id, gamesArg === undefined ? PLANS[id].games : Number(gamesArg)));
}
console.log(`\nTotal ${((performance.now() - started) / 1000).toFixed(0)} s. Each game's \`ratings\`, for its entry in packages/bots/src/<game>/bots.ts:\n`);
console.log(lines.join('\n'));

async function calibrate(id: GameId, games: number): Promise<string> {
  const levels = botLevels(id);
  const game = gameModule(id);
  console.log(`\n== ${game.name}: ${games} calibration games, levels ${levels.join(', ')}, rank = ${RANK}`);

  // 1. Play: a random player count and a random level for every seat, at least two different levels
  //    (a table of one level says nothing about the gaps between levels).
  const rng = createRng(`calibrate-ratings ${id}`);
  const played: Played[] = [];
  const tables = new Map<number, number>();
  let t0 = performance.now();
  for (let g = 0; g < games; g++) {
    const n = PLANS[id].players(rng);
    let seats: number[];
    do seats = Array.from({ length: n }, () => rng.int(levels.length));
    while (seats.every((l) => l === seats[0]));
    const seed = `calibrate-ratings ${id} ${g}`;
    const { outcome } = await playGame({
      game, seed, start: { players: n, seed }, agents: seats.map((l) => createBot(id, levels[l]!)),
    });
    if (outcome === null) throw new Error(`${id}: calibration game ${g} did not finish`);
    const ranks = RANK === 'place' ? outcome.places : seats.map((_, i) => (outcome.winners.includes(i) ? 1 : 2));
    played.push({ seats, ranks });
    tables.set(n, (tables.get(n) ?? 0) + 1);
    if (process.stderr.isTTY && (g + 1) % 20 === 0) process.stderr.write(`\r${g + 1}/${games}`);
  }
  if (process.stderr.isTTY) process.stderr.write('\r');
  const seconds = (performance.now() - t0) / 1000;
  console.log(`played in ${seconds.toFixed(1)} s (${(1000 * seconds / games).toFixed(1)} ms a game); tables by players: ${
    [...tables].sort((a, b) => a[0] - b[0]).map(([n, c]) => `${n}:${c}`).join(' ')}`);

  // 2. Fit (see `solve`): σ and μ depend on each other, so alternate from a guess of σ.
  t0 = performance.now();
  const k = levels.length;
  const probeRng = createRng(`calibrate-ratings probe ${id}`);
  let sigma = 1.5;
  let mus = levels.map((_, l) => 10 * l);
  for (let round = 0; round < 3; round++) {
    mus = solve(played, k, sigma, mus);
    const probes = levels.map((_, l) => probe(played, l, mus, sigma, probeRng));
    sigma = probes.reduce((a, p) => a + p.sigma, 0) / k;
  }
  mus = solve(played, k, sigma, mus);
  // Published: σ to two places, random's μ = 3σ (its displayed μ − 3σ is 0), the gaps as fitted.
  const s = round2(sigma);
  const published: Rating[] = mus.map((m) => ({ mu: round2(3 * s + m - mus[0]!), sigma: s }));
  published[0] = { mu: round2(3 * s), sigma: s };
  // Bootstrap over games: how much the gaps owe to the particular games played.
  const boot = createRng(`calibrate-ratings bootstrap ${id}`);
  const samples = Array.from({ length: BOOTSTRAP }, () =>
    solve(Array.from(played, () => played[boot.int(played.length)]!), k, sigma, mus));
  const se = levels.map((_, l) => sd(samples.map((m) => m[l]! - m[0]!)));
  const left = drift(played, k, mus, sigma);
  // Probe: accounts that play exactly like each level, rated against the published bots.
  const probes = levels.map((_, l) => Array.from({ length: PROBES }, () => probe(played, l, published.map((r) => r.mu), s, probeRng)));
  console.log(`fitted in ${((performance.now() - t0) / 1000).toFixed(1)} s; σ = ${sigma.toFixed(3)} (the steady σ of an account that plays every game)`);
  console.log(`level     μ     ±se   μ−3σ  mean update left  | ${PROBES} accounts from (25, 8.33) playing as this level: mean μ [range], σ`);
  levels.forEach((lv, l) => {
    const pm = probes[l]!.map((p) => p.mu);
    console.log(`${lv.padEnd(7)} ${published[l]!.mu.toFixed(2).padStart(6)} ${se[l]!.toFixed(2).padStart(5)} ${
      (round2(published[l]!.mu - 3 * s) + 0).toFixed(2).padStart(6)}  ${left[l]!.toExponential(0).padStart(8)}          | ${
      mean(pm).toFixed(2).padStart(6)} [${Math.min(...pm).toFixed(2)}, ${Math.max(...pm).toFixed(2)}], ${mean(probes[l]!.map((p) => p.sigma)).toFixed(2)}`);
  });

  // 3. Sanity check: openskill's predictWin for two seats against `simulate`'s heads-up win rates
  //    (seats rotating), and against how often one level finished ahead of another at the same
  //    table in the calibration games, by table size.
  const pairs: [number, number][] = [];
  for (let a = k - 1; a > 0; a--) for (let b = a - 1; b >= 0; b--) pairs.push([a, b]);
  const h2h = Math.max(100, Math.round(games / 4));
  console.log(`sanity check: predictWin of the stronger against simulated heads-up win rates (${h2h} games; 95% interval)`);
  for (const [a, b] of pairs) {
    const r = await simulate({ game: id, bots: [levels[a]!, levels[b]!], games: h2h, seed: `calibrate-ratings check ${id}` });
    const x = r.bots.find((y) => y.bot === levels[a])!;
    const p = predictWin([[published[a]!], [published[b]!]])[0]!;
    console.log(`  ${levels[a]} vs ${levels[b]}: predicted ${pct(p)}, simulated ${pct(x.winRate)} [${pct(x.ci95[0])}, ${pct(x.ci95[1])}] (${r.seconds.toFixed(1)} s)`);
  }
  const sizes: [string, (n: number) => boolean][] = [
    ['2', (n) => n === 2], ['3–4', (n) => n >= 3 && n <= 4], ['5–6', (n) => n >= 5 && n <= 6], ['7+', (n) => n >= 7], ['all', () => true],
  ];
  console.log(`in the calibration games: how often a seat of the first level ${RANK === 'place' ? 'finished ahead of' : 'won and'} a seat of the second${
    RANK === 'place' ? '' : ' did not'} (tie ½), by players (seat pairs)`);
  for (const [a, b] of pairs) {
    const cells = sizes.flatMap(([label, ok]) => {
      let ahead = 0, n = 0;
      for (const g of played) {
        if (!ok(g.seats.length)) continue;
        g.seats.forEach((la, i) => g.seats.forEach((lb, j) => {
          if (la !== a || lb !== b) return;
          n++;
          ahead += g.ranks[i]! < g.ranks[j]! ? 1 : g.ranks[i] === g.ranks[j] ? 0.5 : 0;
        }));
      }
      return n === 0 ? [] : [`${label}: ${pct(ahead / n)} (${n})`];
    });
    console.log(`  ${levels[a]} over ${levels[b]}: ${cells.join(', ')}`);
  }

  const entries = levels.map((lv, l) => `${lv}: { mu: ${published[l]!.mu.toFixed(2)}, sigma: ${s.toFixed(2)} }`);
  return `  '${id}': { ${entries.join(', ')} },`;
}

/** The mean openskill update of each level's seats over the games, with every seat of level l rated (μ_l, σ). */
function drift(played: readonly Played[], k: number, mus: readonly number[], sigma: number): number[] {
  const sum = new Array<number>(k).fill(0), n = new Array<number>(k).fill(0);
  for (const g of played) {
    const after = rate(g.seats.map((l) => [{ mu: mus[l]!, sigma }]), { rank: [...g.ranks] });
    g.seats.forEach((l, i) => { sum[l]! += after[i]![0]!.mu - mus[l]!; n[l]!++; });
  }
  return sum.map((x, l) => (n[l] === 0 ? 0 : x / n[l]!));
}

/**
 * The levels' μ at which openskill's own update, averaged over every seat of a level in every
 * game, is zero: where an account that plays exactly like that level, at these tables, neither
 * rises nor sinks. Newton's method on the levels above level 0 (random, held at its μ; updates
 * depend on differences of μ alone, and those of one game sum to zero when every σ is equal, so
 * random's mean update is then zero as well).
 */
function solve(played: readonly Played[], k: number, sigma: number, start: readonly number[]): number[] {
  const mus = [...start];
  const h = 0.01;
  for (let it = 0; it < 50; it++) {
    const f = drift(played, k, mus, sigma).slice(1);
    // jac[i][j] = ∂f_i/∂μ_(j+1), by finite differences.
    const cols = Array.from({ length: k - 1 }, (_, j) => {
      const m = [...mus];
      m[j + 1]! += h;
      return drift(played, k, m, sigma).slice(1).map((x, i) => (x - f[i]!) / h);
    });
    const step = gauss(f.map((_, i) => cols.map((col) => col[i]!)), f.map((x) => -x));
    const biggest = Math.max(...step.map(Math.abs));
    const damp = biggest > 10 ? 10 / biggest : 1;
    step.forEach((x, j) => { mus[j + 1]! += damp * x; });
    if (biggest < 1e-6) break;
  }
  return mus;
}

/** Solves a·x = b for a small system, by Gaussian elimination with partial pivoting. */
function gauss(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]!]);
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r]![c]!) > Math.abs(m[p]![c]!)) p = r;
    [m[c], m[p]] = [m[p]!, m[c]!];
    for (let r = c + 1; r < n; r++) {
      const f = m[r]![c]! / m[c]![c]!;
      for (let j = c; j <= n; j++) m[r]![j]! -= f * m[c]![j]!;
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let r = n - 1; r >= 0; r--) {
    let v = m[r]![n]!;
    for (let j = r + 1; j < n; j++) v -= m[r]![j]! * x[j]!;
    x[r] = v / m[r]![r]!;
  }
  return x;
}

/**
 * What the server does for a person who plays exactly like `level` against the bots: an account
 * from openskill's prior takes one seat of that level (drawn) in every game that has one, in a
 * shuffled order, three passes over the games, and is rated by `rate` against the other seats at
 * their fixed ratings. Its mean μ and σ over the second half of its games.
 */
function probe(played: readonly Played[], level: number, mus: readonly number[], sigma: number, rng: Rng): Rating {
  let me: Rating = { ...PRIOR };
  const trail: Rating[] = [];
  for (let pass = 0; pass < 3; pass++) {
    const order = [...played];
    for (let i = order.length - 1; i > 0; i--) {
      const j = rng.int(i + 1);
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    for (const g of order) {
      const mine = g.seats.flatMap((l, i) => (l === level ? [i] : []));
      if (mine.length === 0) continue;
      const seat = rng.pick(mine);
      me = rate(g.seats.map((l, i) => [i === seat ? me : { mu: mus[l]!, sigma }]), { rank: [...g.ranks] })[seat]![0]!;
      trail.push(me);
    }
  }
  const half = trail.slice(Math.floor(trail.length / 2));
  return { mu: mean(half.map((r) => r.mu)), sigma: mean(half.map((r) => r.sigma)) };
}

function mean(xs: readonly number[]): number {
  return xs.reduce((a, x) => a + x, 0) / xs.length;
}

function sd(xs: readonly number[]): number {
  const m = mean(xs);
  return Math.sqrt(xs.reduce((a, x) => a + (x - m) ** 2, 0) / (xs.length - 1));
}

/** Rounded to two places (never −0). */
function round2(x: number): number {
  return Math.round(x * 100) / 100 + 0;
}

function pct(x: number): string {
  return `${(100 * x).toFixed(1)}%`;
}
