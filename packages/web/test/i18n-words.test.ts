/**
 * The wording mistakes a translation can make where a test can see them: a Korean particle that
 * depends on the sound before it written straight after a {{variable}} (which may end either way:
 * "페어을"), a Polish count written without its plural forms ("Masz 63 punktów") or with the wrong
 * noun form in one of them, a coach that names the game's things otherwise than the table does
 * ("Mano" for the table's "Round"), and a "(you)" mark that repeats the name it follows ("Tu (tu)").
 */
import { describe, expect, it } from 'vitest';
import { marksYou } from '../src/ui/table/names.js';
import { FILES, LANGS, load } from './locale-files.js';

const PLURAL = /_(zero|one|two|few|many|other)$/;

/**
 * Korean particles whose form follows the sound before them (을/를, 이/가, 은/는, 과/와, 으로/로),
 * right after a variable; the written-out pair ("을(를)", "(으)로") is the accepted way when a
 * sentence cannot avoid it.
 */
const KO_PARTICLE_AFTER_VARIABLE = /\}\}(?:을|를|이|가|은|는|과|와|으로|로)(?!\()/;

/** The end of a Polish word (its letters include ó, ę, ł…, which `\\b` does not know). */
const END = '(?![\\p{L}])';
/**
 * A number (a variable that holds one) followed by a Polish noun that counts: points, cards, moves,
 * turns, rounds, players, games, seconds, minutes, people.
 */
const PL_COUNTED = new RegExp(`\\{\\{\\s*(count|n|score|points|total|seconds|minutes|hand|owed)\\s*\\}\\}\\s+(?:punkt|kart|ruch|tur|rund|gracz|gier|gry|gra${END}|sekund|minut|os[oó]b)`, 'u');

/**
 * The wrong forms of Polish `punkt` and `karta` after a count, for each plural form (one: 1, few:
 * 2–4, many: 5+), where the count is the subject or the object; after a preposition that takes the
 * genitive ("z 2 kart", "do 3 punktów") the forms differ and are not checked.
 */
const COUNT = '(?<!(?:^|[\\s(])(?:z|ze|do|od|bez) )\\{\\{count\\}\\}';
const PL_WRONG: Record<'one' | 'few' | 'many', RegExp> = {
  one: new RegExp(`${COUNT} (?:punktów|punkty|kart|karty)${END}`, 'u'),
  few: new RegExp(`${COUNT} (?:punktów|punkt|kart|kartę|karta)${END}`, 'u'),
  many: new RegExp(`${COUNT} (?:punkty|punkt|karty|kartę|karta)${END}`, 'u'),
};

describe('wording, per language', () => {
  it('Korean: no particle that depends on the sound before it right after a {{variable}}', () => {
    const found: string[] = [];
    for (const file of FILES) for (const [k, v] of load('ko', file)) if (KO_PARTICLE_AFTER_VARIABLE.test(v)) found.push(`ko/${file} ${k}: ${v}`);
    expect(found).toEqual([]);
  });

  it('Polish: a number followed by a counted noun is a plural set on {{count}} (one, few, many, other)', () => {
    const found: string[] = [];
    for (const file of FILES) {
      for (const [k, v] of load('pl', file)) {
        const m = PL_COUNTED.exec(v);
        if (m !== null && (!PLURAL.test(k) || m[1] !== 'count')) found.push(`pl/${file} ${k}: ${v}`);
      }
    }
    expect(found).toEqual([]);
  });

  it('Polish: each plural form says its noun in that form (1 punkt, 2 punkty, 5 punktów; 1 kartę, 2 karty, 5 kart)', () => {
    const found: string[] = [];
    for (const file of FILES) {
      for (const [k, v] of load('pl', file)) {
        const form = /_(one|few|many)$/.exec(k)?.[1] as keyof typeof PL_WRONG | undefined;
        if (form !== undefined && PL_WRONG[form].test(v)) found.push(`pl/${file} ${k}: ${v}`);
      }
    }
    expect(found).toEqual([]);
  });

  it('Polish has every plural form of every counted string; Japanese and Korean the forms English has (i18next reads their _other)', () => {
    for (const file of FILES) {
      const en = [...load('en', file).keys()].filter((k) => k.endsWith('_other')).map((k) => k.slice(0, -'_other'.length));
      for (const lang of ['pl', 'ja', 'ko'] as const) {
        const strings = load(lang, file);
        const forms = lang === 'pl' ? ['_one', '_few', '_many', '_other'] : ['_other'];
        for (const base of en) for (const f of forms) expect(strings.has(base + f), `${lang}/${file} ${base}${f}`).toBe(true);
      }
    }
  });

  for (const lang of LANGS) {
    it(`${lang}: the coach names the game's things as the table does (action cards, claims, a pair, rounds, turns)`, () => {
      const coach = load(lang, 'coach.json');
      const f7 = load(lang, 'f7.json');
      const sf = load(lang, 'sf.json');
      for (const card of ['freeze', 'flip-three', 'second-chance']) expect(coach.get(`thing.${card}`), card).toBe(f7.get(`card.${card}`));
      for (const protein of ['shrimp', 'pork', 'chicken', 'tofu']) {
        const claim = sf.get(`claims.${protein}`)!;
        expect(coach.get(`thing.${protein}`)!.toLocaleLowerCase(lang), protein).toContain(claim.toLocaleLowerCase(lang));
      }
      // The table's word for a pair, as its taste-test prompt quotes the claim (German closes „…“ with
      // “; French writes « … » with no-break spaces inside).
      const quoted = /[“„「"«]\s*([^”“」"»]+?)\s*[”“」"»]/.exec(sf.get('taste.prompt_pair')!)![1]!;
      const pair = coach.get('thing.pair')!;
      expect(quoted.includes(pair) || pair.includes(quoted), `pair: ${pair} / ${quoted}`).toBe(true);
      expect(coach.get('round'), 'round').toBe(f7.get('info.round')!.replace('{{round}}', '{{n}}'));
      expect(coach.get('turn'), 'turn').toBe(sf.get('status.turnNumber'));
    });
  }
});

describe('"(you)" after a name (marksYou)', () => {
  it('is left out when the name is the word itself, whatever its case ("Tu (tu)", "나 (나)")', () => {
    expect(marksYou('Tu', 'tu')).toBe(false);
    expect(marksYou('나', '나')).toBe(false);
    expect(marksYou(' You ', 'you')).toBe(false);
    expect(marksYou('Ada', 'you')).toBe(true);
    expect(marksYou('Tutu', 'tu')).toBe(true);
  });
});
