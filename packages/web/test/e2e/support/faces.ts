/**
 * Whether cards are told apart by words as well as by colour: pure, so that it is tested on its
 * own (test/faces.test.ts) as well as used on the page (colour.ts reads the faces).
 */

/** One card on the page: its kind (from its class), what assistive technology reads, what the eye reads. */
export interface CardFace {
  readonly kind: string;
  /** The card as the accessibility tree gives it (Playwright's ARIA snapshot: role and name, or its text). */
  readonly name: string;
  /** The text drawn on it and visible (the SVG's numerals and signs included; nothing only for screen readers). */
  readonly label: string;
}

/**
 * What is wrong with these cards' faces: two kinds sharing a name or a visible label (a colour
 * would then be all that tells them apart), a card with no name or no label, one kind read or
 * drawn two ways. Empty: every kind is told apart by words as well as by colour.
 */
export function faceProblems(faces: readonly CardFace[]): string[] {
  const problems: string[] = [];
  const byKind = new Map<string, CardFace>();
  for (const f of faces) {
    if (f.kind === '') problems.push(`a card without a kind: ${f.name}`);
    if (f.name === '') problems.push(`${f.kind}: no accessible name`);
    if (f.label === '') problems.push(`${f.kind}: no visible label`);
    const seen = byKind.get(f.kind);
    if (seen === undefined) byKind.set(f.kind, f);
    else if (seen.name !== f.name || seen.label !== f.label) problems.push(`${f.kind} shown two ways: "${seen.name}" / "${f.name}", "${seen.label}" / "${f.label}"`);
  }
  const kinds = [...byKind.values()];
  for (let i = 0; i < kinds.length; i++) {
    for (let j = i + 1; j < kinds.length; j++) {
      const a = kinds[i]!;
      const b = kinds[j]!;
      if (a.name === b.name) problems.push(`${a.kind} and ${b.kind} have one accessible name: "${a.name}"`);
      if (a.label === b.label) problems.push(`${a.kind} and ${b.kind} have one visible label: "${a.label}"`);
    }
  }
  return problems;
}
