import { MOVE_TIMERS } from '@parlor/protocol';
import { type GameId, GAMES, type OptionField, SF_BASE_COUNTS, SF_CARDS, F7_DECK_COUNTS, f7CardCode } from '@parlor/rules';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Card as F7Card } from '../games/flip-7/Card.js';
import { cardLabel } from '../games/flip-7/text.js';
import { TableCard } from '../games/stir-fry-eighteen/Card.js';
import { Cite } from './Cite.js';
import { F7_ACTION_CARDS, F7_MODIFIER_CARDS, F7_NUMBER_CARDS, GAME_RULES, type RuleItem, type RuleSection } from './rules-content.js';
import '../games/flip-7/f7.css';
import '../games/stir-fry-eighteen/sf.css';
import './learn.css';

type Level = 2 | 3;

function Heading({ level, id, children }: { level: Level; id?: string; children: ReactNode }) {
  return level === 2 ? <h2 id={id}>{children}</h2> : <h3 id={id}>{children}</h3>;
}

/** A section's id on the page (for the contents list). */
export const sectionId = (game: GameId, key: string): string => `learn-${GAME_RULES[game].short}-${key}`;

/**
 * The rules of one game in our own words, every card with its text, and the table options explained;
 * each point cites the numbered rules it explains. Used by the /learn page and the table's panel.
 */
export function Rules({ game, level = 2 }: { game: GameId; level?: Level }) {
  const { t } = useTranslation();
  const g = GAME_RULES[game];
  return (
    <div className="learn-rules">
      {g.sections.map((s) => (
        <section key={s.key} className="learn-section" aria-labelledby={sectionId(game, s.key)}>
          <Heading level={level} id={sectionId(game, s.key)}>{t(`learn.${g.short}.rules.${s.key}.title`)}</Heading>
          <Items game={game} section={s} />
          {game === 'flip-7' && s.key === 'cards' && <F7Cards level={level} />}
        </section>
      ))}
      <section className="learn-section" aria-labelledby={sectionId(game, 'options')}>
        <Heading level={level} id={sectionId(game, 'options')}>{t('learn.options.title')}</Heading>
        <Options game={game} />
      </section>
    </div>
  );
}

/** A section's paragraphs; consecutive bullet items form one list under the paragraph before them. */
function Items({ game, section }: { game: GameId; section: RuleSection }) {
  const { t } = useTranslation();
  const short = GAME_RULES[game].short;
  const text = (i: RuleItem) => t(`learn.${short}.rules.${section.key}.${i.key}`);
  const groups: { lead: RuleItem | null; bullets: RuleItem[] }[] = [];
  for (const i of section.items) {
    const last = groups[groups.length - 1];
    if (i.bullet === true && last !== undefined) last.bullets.push(i);
    else groups.push({ lead: i, bullets: [] });
  }
  return (
    <>
      {groups.map(({ lead, bullets }) => lead && (
        <Fragment key={lead.key}>
          <p>{text(lead)} <Cite rules={lead.rules} /></p>
          {bullets.length > 0 && (
            <ul className="learn-bullets">
              {bullets.map((b) => <li key={b.key}>{text(b)} <Cite rules={b.rules} /></li>)}
            </ul>
          )}
          {section.cards?.after === lead.key && section.cards.gallery === 'sf' && <SfCards />}
        </Fragment>
      ))}
    </>
  );
}

/** Every Stir Fry Eighteen card: its picture (the table's own card), how many the deck holds, its text (SF-1..SF-3, SF-30). */
function SfCards() {
  const { t } = useTranslation();
  return (
    <ul className="learn-cards sf" aria-label={t('learn.page.cardsLabel')}>
      {SF_CARDS.map((c) => (
        <li key={c} className="learn-card">
          <TableCard card={c} textBeside />
          <div className="learn-card-text">
            <strong>{t(`sf.cards.${c}.name`)}</strong>{' '}
            <span className="small muted">{c === 'tofu' ? t('learn.sf.promo') : t('learn.page.inDeck', { count: SF_BASE_COUNTS[c] })}</span>
            <p>{t(`sf.cards.${c}.text`)} <Cite rules={c === 'tofu' ? ['SF-2', 'SF-30'] : ['SF-2']} /></p>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** One Flip 7 card as the table draws it, in a line of its own. */
function OneCard({ card }: { card: Parameters<typeof F7Card>[0]['card'] }) {
  return <ul className="f7-line learn-one-card"><F7Card card={card} /></ul>;
}

/** Flip 7's cards: the numbers with their counts, the modifiers and the action cards, each with its text (F7-1, F7-8..F7-13). */
function F7Cards({ level }: { level: Level }) {
  const { t } = useTranslation();
  const sub = (key: string) => (level === 2 ? <h3>{t(key)}</h3> : <h4>{t(key)}</h4>);
  return (
    <div className="f7 learn-f7-cards">
      {sub('learn.f7.cards.numbersTitle')}
      <ul className="learn-f7-numbers" aria-label={t('learn.f7.cards.numbersTitle')}>
        {F7_NUMBER_CARDS.map((c) => (
          <li key={c}>
            <OneCard card={c} />
            <span className="small muted">{t('learn.page.inDeck', { count: F7_DECK_COUNTS[f7CardCode(c)] })}</span>
          </li>
        ))}
      </ul>
      {sub('learn.f7.cards.modifiersTitle')}
      <ul className="learn-cards" aria-label={t('learn.f7.cards.modifiersTitle')}>
        {F7_MODIFIER_CARDS.map((c) => (
          <li key={c} className="learn-card">
            <OneCard card={c} />
            <div className="learn-card-text">
              <strong>{cardLabel(c, t)}</strong>
              <p>{c === 'x2' ? t('learn.f7.cards.x2') : t('learn.f7.cards.plus', { n: c.slice(1) })} <Cite rules={['F7-13']} /></p>
            </div>
          </li>
        ))}
      </ul>
      {sub('learn.f7.cards.actionsTitle')}
      <ul className="learn-cards" aria-label={t('learn.f7.cards.actionsTitle')}>
        {F7_ACTION_CARDS.map(({ card, rules }) => (
          <li key={card} className="learn-card">
            <OneCard card={card} />
            <div className="learn-card-text">
              <strong>{cardLabel(card, t)}</strong>{' '}
              <span className="small muted">{t('learn.page.inDeck', { count: F7_DECK_COUNTS[f7CardCode(card)] })}</span>
              <p>{t(`learn.f7.cards.${card}`)} <Cite rules={rules} /></p>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The words for one value of an option, as the create form shows it. */
function valueText(game: GameId, f: OptionField, v: unknown, t: (k: string, o?: Record<string, unknown>) => string): string {
  if (f.kind === 'flag') return t(v === true ? 'learn.options.on' : 'learn.options.off');
  if (f.seats === true && typeof v === 'number') return t('table.seat', { n: v + 1 });
  return t(`options.${game}.${f.key}.values.${String(v)}`, { defaultValue: String(v) });
}

/**
 * The table options, from the rules' own option fields (`GAMES[id].options.fields`, the same the create
 * form is built from): each one's name, what it does, its values and default, and its rule. Then
 * the table settings that are not rules: the taste-test window (a game's response window) and the move timer.
 */
function Options({ game }: { game: GameId }) {
  const { t } = useTranslation();
  const module = GAMES[game];
  const g = GAME_RULES[game];
  const defaults = module.options.defaults as Record<string, unknown>;
  const window = module.responseWindow;
  return (
    <>
      <p>{t('learn.options.intro')}</p>
      <dl className="learn-options">
        {module.options.fields.map((f) => {
          const values = f.kind === 'flag' ? null
            : f.seats === true
              ? [...f.values.filter((v) => typeof v !== 'number').map((v) => valueText(game, f, v, t)), t('learn.options.anySeat')]
              : f.values.map((v) => valueText(game, f, v, t));
          return (
            <div key={f.key} className="learn-option">
              <dt>{t(`options.${game}.${f.key}.label`)}</dt>
              <dd>
                <p>{t(`learn.${g.short}.options.${f.key}`)} {f.rule !== undefined && <Cite rules={[f.rule]} />}</p>
                <p className="small muted">
                  {values !== null && <>{t('learn.options.values', { values: values.join(' · ') })} · </>}
                  {t('learn.options.default', { value: valueText(game, f, defaults[f.key], t) })}
                </p>
              </dd>
            </div>
          );
        })}
        {window !== null && (
          <div className="learn-option">
            <dt>{t(`options.${game}.responseWindow.label`)}</dt>
            <dd>
              <p>{t(`learn.${g.short}.options.responseWindow`)} <Cite rules={g.optionRules.responseWindow ?? []} /></p>
              <p className="small muted">{t('learn.options.seconds', { default: window.seconds.default, min: window.seconds.min, max: window.seconds.max })}</p>
            </dd>
          </div>
        )}
        <div className="learn-option">
          <dt>{t('create.moveTimer')}</dt>
          <dd>
            <p>{t('create.moveTimerHelp')}</p>
            <p className="small muted">
              {t('learn.options.values', { values: MOVE_TIMERS.map((s) => (s === 0 ? t('create.moveTimerOff') : t('create.seconds', { count: s }))).join(' · ') })}
              {' · '}{t('learn.options.default', { value: t('create.moveTimerOff') })}
            </p>
          </dd>
        </div>
      </dl>
      {g.optionRules.combine !== undefined && <p>{t(`learn.${g.short}.options.combine`)} <Cite rules={g.optionRules.combine} /></p>}
    </>
  );
}
