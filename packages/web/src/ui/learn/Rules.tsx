import { MOVE_TIMERS } from '@parlor/protocol';
import { type GameId, GAMES, type OptionField } from '@parlor/rules';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Cite } from './Cite.js';
import type { HowToPlay, RuleItem, RuleLevel as Level, RuleSection } from './rules-content.js';
import { useHowToPlay } from './useLearnContent.js';
import './learn.css';

function Heading({ level, id, children }: { level: Level; id?: string; children: ReactNode }) {
  return level === 2 ? <h2 id={id}>{children}</h2> : <h3 id={id}>{children}</h3>;
}

/** A section's id on the page (for the contents list). */
export const sectionId = (g: HowToPlay, key: string): string => `learn-${g.short}-${key}`;

/**
 * The rules of one game in our own words, every card with its text, and the table options explained;
 * each point cites the numbered rules it explains. Used by the /learn page and the table's panel.
 * The game's sections and cards come from its entry in the web registry (waited for on first use).
 */
export function Rules({ game, level = 2 }: { game: GameId; level?: Level }) {
  const { t } = useTranslation();
  const g = useHowToPlay(game);
  return (
    <div className="learn-rules">
      {g.sections.map((s) => (
        <section key={s.key} className="learn-section" aria-labelledby={sectionId(g, s.key)}>
          <Heading level={level} id={sectionId(g, s.key)}>{t(`learn.${g.short}.rules.${s.key}.title`)}</Heading>
          <Items g={g} section={s} level={level} />
        </section>
      ))}
      <section className="learn-section" aria-labelledby={sectionId(g, 'options')}>
        <Heading level={level} id={sectionId(g, 'options')}>{t('learn.options.title')}</Heading>
        <Options game={game} g={g} />
      </section>
    </div>
  );
}

/** A section's paragraphs; consecutive bullet items form one list under the paragraph before them. */
function Items({ g, section, level }: { g: HowToPlay; section: RuleSection; level: Level }) {
  const { t } = useTranslation();
  const { short, Gallery } = g;
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
          {section.cards?.after === lead.key && <Gallery level={level} />}
        </Fragment>
      ))}
    </>
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
function Options({ game, g }: { game: GameId; g: HowToPlay }) {
  const { t } = useTranslation();
  const module = GAMES[game];
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
