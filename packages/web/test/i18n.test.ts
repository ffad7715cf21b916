import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../src/i18n/index.js';
import { FILES, LANGS, load } from './locale-files.js';

const variables = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('translations', () => {
  // i18next picks a plural form by Intl.PluralRules' categories (CLDR): every language needs each
  // category its rules name (Polish one, few, many, other; French, Spanish, Italian and Portuguese
  // one, many, other), besides English's own `_one`, so that no count ever shows a key.
  for (const lang of LANGS) {
    const forms = new Intl.PluralRules(lang).resolvedOptions().pluralCategories.map((c) => `_${c}`);
    it(`${lang} has every plural form its CLDR rules name (${forms.join(', ')})`, () => {
      for (const file of FILES) {
        const strings = load(lang, file);
        for (const k of [...load('en', file).keys()].filter((x) => x.endsWith('_other'))) {
          const base = k.slice(0, -'_other'.length);
          for (const form of forms) expect(strings.has(base + form), `${lang}/${file} ${base}${form}`).toBe(true);
        }
      }
    });
  }

  it('the picker offers exactly the languages the tests check', () => {
    expect(LANGUAGES.map((l) => l.code).sort()).toEqual([...LANGS].sort());
  });

  for (const file of FILES) {
    const en = load('en', file);
    for (const lang of LANGS.filter((l) => l !== 'en')) {
      it(`${lang}/${file} has exactly the English keys, none empty, with the same {{variables}}`, () => {
        const other = load(lang, file);
        // Languages with more plural forms than English (Polish: _few, _many) may add them where English has _other.
        const extraPlural = (k: string) => /_(zero|two|few|many)$/.test(k) && en.has(k.replace(/_(zero|two|few|many)$/, '_other'));
        expect([...other.keys()].filter((k) => !en.has(k) && !extraPlural(k)), 'keys English does not have').toEqual([]);
        expect([...en.keys()].filter((k) => !other.has(k)), 'missing keys').toEqual([]);
        for (const [k, v] of other) {
          expect(v.trim(), k).not.toBe('');
          expect(variables(v), `${lang} ${k}`).toEqual(variables(en.get(k) ?? en.get(k.replace(/_(zero|two|few|many)$/, '_other'))!));
        }
      });

      it(`${lang}/${file} is translated, not a copy of English`, () => {
        const other = load(lang, file);
        // Strings that may rightly stay the same: numbers, symbols, names, codes.
        const comparable = [...en.entries()].filter(([, v]) => /[A-Za-z]{4,}/.test(v) && !/^(Parlor|Flip 7|Stir Fry Eighteen)$/.test(v));
        const same = comparable.filter(([k, v]) => other.get(k) === v).map(([k]) => k);
        expect(same.length / Math.max(1, comparable.length), `untranslated: ${same.slice(0, 10).join(', ')}`).toBeLessThan(0.1);
      });
    }
  }
});
