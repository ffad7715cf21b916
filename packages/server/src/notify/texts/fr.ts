import type { NotifyTexts } from './types.js';

export const fr: NotifyTexts = {
  yourMove: (game, due) => (due === null ? `À vous de jouer à ${game}` : `À vous de jouer à ${game}, avant ${due}`),
  challenge: (game, from) => `${from} vous défie à ${game}`,
  gameEnded: (game, place) => `La partie de ${game} est finie : vous êtes ${place === 1 ? '1er' : `${place}e`}`,
  invitation: (game, from) => `${from} vous invite à une table de ${game}`,
  openTable: 'Ouvrir la table :',
  stopKind: 'Ne plus recevoir de tels courriels :',
  stopAll: 'Ne plus recevoir aucun courriel de Parlor :',
  digestSubject: (n) => `Parlor : ${n} ${n === 1 ? 'avis' : 'avis'} aujourd’hui`,
  digestIntro: 'Ce qui s’est passé à vos tables aujourd’hui :',
  confirmSubject: 'Parlor : confirmez votre adresse',
  confirmBody: 'Suivez ce lien pour confirmer que cette adresse est la vôtre. Si vous ne l’avez pas donnée à Parlor, ignorez ce courriel.',
  resetSubject: 'Parlor : choisissez un nouveau mot de passe',
  resetBody: 'Suivez ce lien dans l’heure pour choisir un nouveau mot de passe ; il ne sert qu’une fois, et tous vos appareils connectés sont déconnectés. Si vous ne l’avez pas demandé, ignorez ce courriel.',
  confirmed: 'Votre adresse est confirmée. Vous pouvez fermer cette page.',
  unsubscribed: 'C’est fait : ces courriels ne seront plus envoyés. Vous pouvez changer cela sur la page de votre compte.',
  badLink: 'Ce lien n’est pas valable : il a déjà servi, il a expiré ou il a été mal copié.',
};
