import type { NotifyLanguage } from '@parlor/protocol';
import { de } from './de.js';
import { en } from './en.js';
import { es } from './es.js';
import { fr } from './fr.js';
import { it } from './it.js';
import { ja } from './ja.js';
import { ko } from './ko.js';
import { pl } from './pl.js';
import { ptBR } from './pt-br.js';
import type { NotifyTexts } from './types.js';
import { zhHans } from './zh-hans.js';

export type { NotifyTexts } from './types.js';

/** The notifications' words in each of the web client's ten languages (the protocol's NOTIFY_LANGUAGES). */
export const NOTIFY_TEXTS: Readonly<Record<NotifyLanguage, NotifyTexts>> = {
  en, de, es, fr, it, pl, 'pt-BR': ptBR, ja, ko, 'zh-Hans': zhHans,
};

/** The texts of a language; English for one this server does not know. */
export function textsFor(language: string): NotifyTexts {
  return (NOTIFY_TEXTS as Record<string, NotifyTexts | undefined>)[language] ?? en;
}
