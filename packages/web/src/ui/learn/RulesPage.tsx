import { GAME_IDS, GAMES, type GameId } from '@parlor/rules';
import { useTranslation } from 'react-i18next';
import { Link, guidedPath, learnPath } from './Link.js';
import { Rules, sectionId } from './Rules.js';
import { useHowToPlay } from './useLearnContent.js';
import { useTitle } from './useTitle.js';

/** `/learn/<game>`: how to play one game — the rules in our own words, every card, the options. */
export function RulesPage({ game }: { game: GameId }) {
  const { t } = useTranslation();
  const g = useHowToPlay(game);
  const name = t(`games.${game}.name`);
  useTitle(`${t('learn.page.title', { game: name })} — ${t('app.name')}`);
  const others = GAME_IDS.filter((id) => id !== game);
  return (
    <article className="learn-page" aria-labelledby="learn-title">
      <nav className="learn-nav row">
        <Link to="/">← {t('table.back')}</Link>
        {others.map((id) => <Link key={id} to={learnPath(id)}>{t('learn.page.title', { game: t(`games.${id}.name`) })}</Link>)}
      </nav>
      <header className="panel learn-head">
        <h1 id="learn-title">{t('learn.page.title', { game: name })}</h1>
        <p className="learn-lead">{t(`learn.${g.short}.lead`)} <span className="muted">({t(`games.${game}.players`)})</span></p>
        <div className="learn-cta">
          <Link to={guidedPath(game)} className="button-link">{t('learn.page.guided')}</Link>
          <span className="small muted">{t('learn.page.guidedHelp')}</span>
        </div>
        <p className="small muted">{t('learn.page.ruleNote', { example: `${GAMES[game].ruleTag}-5` })}</p>
        <nav aria-label={t('learn.page.contents')} className="learn-toc">
          <h2 className="small muted">{t('learn.page.contents')}</h2>
          <ol>
            {[...g.sections.map((s) => s.key), 'options'].map((key) => (
              <li key={key}><a href={`#${sectionId(g, key)}`}>{key === 'options' ? t('learn.options.title') : t(`learn.${g.short}.rules.${key}.title`)}</a></li>
            ))}
          </ol>
        </nav>
      </header>
      <div className="panel">
        <Rules game={game} />
      </div>
      <div className="panel learn-foot row">
        <Link to={guidedPath(game)} className="button-link">{t('learn.page.guided')}</Link>
        <Link to="/">{t('table.back')}</Link>
      </div>
    </article>
  );
}
