import type { GameProps } from '../../table/game-props.js';

// Work in progress: the Stir Fry Eighteen table (issue 6) is being built.
export function SfGame({ snapshot }: GameProps) {
  return <section className="panel"><pre>{JSON.stringify(snapshot.view, null, 1)}</pre></section>;
}
