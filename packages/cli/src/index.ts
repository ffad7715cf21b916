import { GAMES, GAME_IDS } from '@parlor/rules';
import { Command, CommanderError } from 'commander';
import { UsageError } from './commands/arguments.js';
import { scenarioCommand } from './commands/scenario.js';
import { simCommand } from './commands/sim.js';
import { dbCopyCommand } from './commands/db.js';
import { modCommand } from './commands/mod.js';
import { playCommand } from './commands/play.js';
import { verifyCommand } from './commands/verify.js';
import { coachCommand } from './commands/coach.js';

/** Runs the `parlor` command with `argv` (as process.argv); resolves to the exit status. */
export async function main(argv: string[]): Promise<number> {
  let status = 0;
  const games = GAME_IDS.join(' or ');
  const print = (line: string) => console.log(line);
  const program = new Command('parlor')
    .description(`Parlor: ${GAME_IDS.map((g) => GAMES[g].name).join(' and ')} at the table and in the terminal`)
    .exitOverride()
    .configureOutput({ outputError: (text, write) => write(text) });

  program
    .command('scenario')
    .description('run rules scenario files (docs/scenarios.md)')
    .argument('<paths...>', 'scenario files or folders of them')
    .action(async (paths: string[]) => {
      status = await scenarioCommand(paths, print);
    });

  program
    .command('sim')
    .description('play bots against each other and report win rates (docs/bots.md)')
    .argument('<game>', games)
    .requiredOption('--bots <levels>', 'one bot level per seat, e.g. expert,basic,basic,basic')
    .option('--games <n>', 'games to play', '1000')
    .option('--seed <text>', 'seed for every game (random when absent; printed)')
    .option('--options <json>', 'table options as JSON, e.g. \'{"target":100}\'')
    .option('--json', 'print the result as one JSON object (the last line)')
    .action(async (game: string, opts: { bots: string; games: string; seed?: string; options?: string; json?: boolean }) => {
      status = await simCommand(game, opts, print, process.stderr.isTTY === true);
    });

  program
    .command('play')
    .description('play a game against bots in the terminal (you sit at seat 0)')
    .argument('<game>', games)
    .option('--bots <levels>', 'the bots at the other seats, e.g. expert,expert', 'basic,basic')
    .option('--options <json>', 'table options as JSON')
    .option('--seed <text>', 'seed for the game (random when absent)')
    .action(async (game: string, opts: { bots: string; options?: string; seed?: string }) => {
      status = await playCommand(game, opts);
    });

  program
    .command('verify')
    .description('replay an exported game and check its seed commitment, every action and the result')
    .argument('<file>', 'a game export (GET /tables/:id/export)')
    .action(async (file: string) => {
      status = await verifyCommand(file, print);
    });

  program
    .command('coach')
    .description('the post-game coach: every decision of one seat of a finished game, judged from what it could see (docs/bots.md)')
    .argument('<file>', 'a game export (GET /tables/:id/export, or a game played offline)')
    .requiredOption('--seat <n>', 'the seat to coach, 0 for the first')
    .action(async (file: string, opts: { seat: string }) => {
      status = await coachCommand(file, opts.seat, print, (line) => console.error(line));
    });

  program
    .command('db')
    .description('the database (docs/operations.md)')
    .command('copy')
    .description('copy a stopped server\'s SQLite database into an empty PostgreSQL database, in one transaction')
    .argument('<sqlite-file>', 'the SQLite database (PARLOR_DB of the server that used it), at this Parlor\'s schema')
    .argument('<postgres-url>', 'the PostgreSQL database, e.g. postgres://parlor@db.example/parlor')
    .action(async (file: string, url: string) => {
      status = await dbCopyCommand(file, url, print, (line) => console.error(line));
    });

  const mod = program.command('mod').description('the moderators (docs/api.md, "Reports and moderation")');
  const dbOption = ['--db <file|url>', 'the server\'s SQLite file or postgres:// URL (default: $PARLOR_DB or data/parlor.db)'] as const;
  for (const what of ['grant', 'revoke'] as const) {
    mod.command(what)
      .description(what === 'grant' ? 'make an account a moderator' : 'end an account\'s being a moderator')
      .argument('<name>', 'the account, by the name it signs in with')
      .option(...dbOption)
      .action(async (name: string, opts: { db?: string }) => { status = await modCommand(what, name, opts.db, print, (line) => console.error(line)); });
  }
  mod.command('list').description('list the moderators').option(...dbOption)
    .action(async (opts: { db?: string }) => { status = await modCommand('list', undefined, opts.db, print, (line) => console.error(line)); });

  program
    .command('serve')
    .description('run the game server (same as npm start; settings from the environment, docs/operations.md)')
    .option('--port <n>', 'port (default: $PORT or 8080)')
    .option('--db <file|url>', 'SQLite file or postgres:// URL (default: $PARLOR_DB or data/parlor.db)')
    .action(async (opts: { port?: string; db?: string }) => {
      if (opts.port !== undefined) process.env.PORT = opts.port;
      if (opts.db !== undefined) process.env.PARLOR_DB = opts.db;
      const { main: serve } = await import('@parlor/server');
      await serve();
      status = await new Promise<number>(() => {}); // runs until stopped
    });

  try {
    await program.parseAsync(argv);
  } catch (e) {
    if (e instanceof CommanderError) return e.exitCode === 0 ? 0 : 2;
    if (e instanceof UsageError) {
      console.error(`parlor: ${e.message}`);
      return 2;
    }
    throw e;
  }
  return status;
}
