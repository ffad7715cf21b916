import { describe, expect, it } from 'vitest';
import { languageOfTag, pickLanguage } from '../src/i18n/index.js';

// The first visit's language comes from the browser's list (navigator.languages, the list it also
// sends as Accept-Language), most preferred first.
describe('the first visit picks the language', () => {
  it('takes the first tag one of the ten languages fits', () => {
    expect(pickLanguage(['de-AT', 'en'])).toBe('de');
    expect(pickLanguage(['sv-SE', 'fr-CA', 'en'])).toBe('fr');
    expect(pickLanguage(['es-419'])).toBe('es');
    expect(pickLanguage(['ko-KR', 'ja'])).toBe('ko');
  });

  it('reads any Portuguese as Brazilian Portuguese and any Chinese as Simplified Chinese', () => {
    expect(pickLanguage(['pt-BR'])).toBe('pt-BR');
    expect(pickLanguage(['pt-PT'])).toBe('pt-BR');
    expect(pickLanguage(['pt'])).toBe('pt-BR');
    expect(pickLanguage(['zh-CN'])).toBe('zh-Hans');
    expect(pickLanguage(['zh-Hans-SG'])).toBe('zh-Hans');
    expect(pickLanguage(['zh-TW'])).toBe('zh-Hans');
    expect(pickLanguage(['zh'])).toBe('zh-Hans');
  });

  it('matches tags whatever their case or separator', () => {
    expect(languageOfTag('PT_br')).toBe('pt-BR');
    expect(languageOfTag('ZH-hans')).toBe('zh-Hans');
    expect(languageOfTag(' it ')).toBe('it');
  });

  it('falls back to English when nothing fits, or nothing is given', () => {
    expect(pickLanguage(['sv', 'nl-BE'])).toBe('en');
    expect(pickLanguage([])).toBe('en');
    expect(languageOfTag('')).toBeNull();
  });
});
