import { Command, CommanderError } from 'commander';
import { scenarioCommand } from './commands/scenario.js';

/** Runs the `parlor` command with `argv` (as process.argv); resolves to the exit status. */
export async function main(argv: string[]): Promise<number> {
  let status = 0;
  const program = new Command('parlor')
    .description('Parlor: Stir Fry Eighteen and Flip 7 at the table and in the terminal')
    .exitOverride()
    .configureOutput({ outputError: (text, write) => write(text) });

  program
    .command('scenario')
    .description('run rules scenario files (see docs/scenarios.md)')
    .argument('<paths...>', 'scenario files or folders of them')
    .action(async (paths: string[]) => {
      status = await scenarioCommand(paths, (line) => console.log(line));
    });

  try {
    await program.parseAsync(argv);
  } catch (e) {
    if (e instanceof CommanderError) return e.exitCode === 0 ? 0 : 2;
    throw e;
  }
  return status;
}
