import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../../..');
const shared = resolve(root, '../shared/rules');

// docs/rules/reference/ holds copies of the numbered rules with an anchor per rule; they must not drift.
describe('rules reference copies', () => {
  for (const game of ['stir-fry-eighteen', 'flip-7']) {
    const source = resolve(shared, `${game}.md`);
    const run = existsSync(source) ? it : it.skip;
    run(`docs/rules/reference/${game}.md matches ../shared/rules/${game}.md${existsSync(source) ? '' : ' (skipped: ../shared is not beside this checkout)'}`, () => {
      const copy = readFileSync(resolve(root, `docs/rules/reference/${game}.md`), 'utf8')
        .replace(/^<!--[\s\S]*?-->\n/, '')
        .split('\n').filter((l) => !/^<a id="[a-z0-9-]+"><\/a>$/.test(l)).join('\n');
      expect(copy).toBe(readFileSync(source, 'utf8'));
    });
  }

  it('every rule number in the how-to-play pages has an anchor in the reference', () => {
    for (const game of ['stir-fry-eighteen', 'flip-7']) {
      const page = readFileSync(resolve(root, `docs/rules/${game}.md`), 'utf8');
      const ref = readFileSync(resolve(root, `docs/rules/reference/${game}.md`), 'utf8');
      const links = [...page.matchAll(/\(reference\/[a-z0-9-]+\.md#([a-z0-9-]+)\)/g)].map((m) => m[1]);
      for (const id of links) expect(ref).toContain(`<a id="${id}"></a>`);
      // …and the page links every rule of the reference.
      const rules = [...ref.matchAll(/<a id="([a-z0-9-]+)"><\/a>/g)].map((m) => m[1]);
      expect(rules.filter((id) => !links.includes(id))).toEqual([]);
    }
  });
});
