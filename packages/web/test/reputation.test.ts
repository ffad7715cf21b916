import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import enRep from '../src/i18n/locales/en/reputation.json' with { type: 'json' };
import plRep from '../src/i18n/locales/pl/reputation.json' with { type: 'json' };
import { createMessage } from '../src/ui/lobby/create-message.js';
import { reliabilityWords, reputationLine } from '../src/ui/reputation/reputation-text.js';

// A player's reputation in the web client's words: the profile's line, a seat's brief figure, and
// the create form's minimum in the table.create it sends.

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({ lng: 'en', interpolation: { escapeValue: false }, resources: { en: { translation: { reputation: enRep } }, pl: { translation: { reputation: plRep } } } });
});
const t = (k: string, o?: Record<string, unknown>) => i18n.t(k, o);
const tPl = (k: string, o?: Record<string, unknown>) => i18n.t(k, { ...o, lng: 'pl' });

describe('reputation text', () => {
  it('a profile says the percent finished and the leaves of the week, or "New player"', () => {
    expect(reputationLine({ finished: 48, left: 2, percent: 96, recentLeft: 2 }, t)).toBe('Finishes 96% of games · 2 left this week');
    expect(reputationLine({ finished: 48, left: 2, percent: 96, recentLeft: 1 }, t)).toBe('Finishes 96% of games · 1 left this week');
    expect(reputationLine({ finished: 50, left: 0, percent: 100, recentLeft: 0 }, t)).toBe('Finishes 100% of games');
    expect(reputationLine({ finished: 2, left: 1, percent: null, recentLeft: 1 }, t)).toBe('New player');
    expect(reputationLine({ finished: 10, left: 5, percent: 66, recentLeft: 5 }, tPl)).toBe('Kończy 66% gier · 5 opuszczonych w tym tygodniu');
    expect(reputationLine({ finished: 10, left: 2, percent: 83, recentLeft: 2 }, tPl)).toBe('Kończy 83% gier · 2 opuszczone w tym tygodniu');
  });

  it('a seat says its figure in words, "new player" for null, nothing when the server sent none', () => {
    expect(reliabilityWords(96, t)).toBe('96% finished');
    expect(reliabilityWords(0, t)).toBe('0% finished');
    expect(reliabilityWords(null, t)).toBe('new player');
    expect(reliabilityWords(undefined, t)).toBeNull();
  });

  it('the create form sends minReliability only when one is chosen', () => {
    const choices = { game: 'flip-7', seats: 3, options: {}, private: false, rated: false, mode: 'live', moveTimer: 0, responseWindow: null, grace: 30,
      moveSeconds: 86_400, bankSeconds: 0, windowSeconds: null } as const;
    expect(createMessage({ ...choices, minReliability: 80 })).toMatchObject({ type: 'table.create', minReliability: 80 });
    expect('minReliability' in createMessage({ ...choices, minReliability: null })).toBe(false);
    expect('minReliability' in createMessage(choices)).toBe(false);
  });
});
