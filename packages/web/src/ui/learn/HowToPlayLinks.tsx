import { GAME_IDS } from '@parlor/rules/catalog';
import { useTranslation } from 'react-i18next';
import { Link, guidedPath, learnPath } from './Link.js';
import './learn.css';

/** The lobby's way in: for each game, how to play it and its guided first game. */
export function HowToPlayLinks() {
  const { t } = useTranslation();
  return (
    <section className="panel learn-links" aria-labelledby="learn-links-title">
      <h2 id="learn-links-title">{t('learn.links.title')}</h2>
      <ul>
        {GAME_IDS.map((game) => {
          const name = t(`games.${game}.name`);
          return (
            <li key={game}>
              <Link to={learnPath(game)}>{t('learn.page.title', { game: name })}</Link>
              <Link to={guidedPath(game)} className="small">{t('learn.guided.title', { game: name })}</Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
