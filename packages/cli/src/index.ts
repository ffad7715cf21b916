import { Command } from 'commander';

/** Runs the `parlor` command with `argv` (as process.argv); resolves to the exit status. */
export async function main(argv: string[]): Promise<number> {
  const program = new Command('parlor');
  program.description('Parlor: Stir Fry Eighteen and Flip 7 at the table and in the terminal');
  await program.parseAsync(argv);
  return 0;
}
