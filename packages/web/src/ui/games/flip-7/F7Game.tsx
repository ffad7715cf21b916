import type { GameProps } from '../../table/game-props.js';

// Work in progress: the Flip 7 table (issue 6) is being built.
export function F7Game({ snapshot }: GameProps) {
  return <section className="panel"><pre>{JSON.stringify(snapshot.view, null, 1)}</pre></section>;
}
