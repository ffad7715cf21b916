import type { NotifyTexts } from './types.js';

export const it: NotifyTexts = {
  yourMove: (game, due) => (due === null ? `Tocca a te a ${game}` : `Tocca a te a ${game}, entro ${due}`),
  challenge: (game, from) => `${from} ti ha sfidato a ${game}`,
  gameEnded: (game, place) => `La partita di ${game} è finita: sei arrivato ${place}º`,
  invitation: (game, from) => `${from} ti invita a un tavolo di ${game}`,
  openTable: 'Apri il tavolo:',
  stopKind: 'Non ricevere più email come questa:',
  stopAll: 'Non ricevere più nessuna email da Parlor:',
  digestSubject: (n) => `Parlor: ${n} ${n === 1 ? 'avviso' : 'avvisi'} oggi`,
  digestIntro: 'Che cosa è successo oggi ai tuoi tavoli:',
  confirmSubject: 'Parlor: conferma il tuo indirizzo',
  confirmBody: 'Segui questo link per confermare che l’indirizzo è tuo. Se non l’hai dato a Parlor, ignora questa email.',
  resetSubject: 'Parlor: scegli una nuova password',
  resetBody: 'Segui questo link entro un’ora per scegliere una nuova password; vale una sola volta, e ogni dispositivo collegato al tuo account viene disconnesso. Se non l’hai chiesto, ignora questa email.',
  confirmed: 'Il tuo indirizzo è confermato. Puoi chiudere questa pagina.',
  unsubscribed: 'Fatto: queste email non saranno più inviate. Puoi cambiarlo nella pagina del tuo account.',
  badLink: 'Questo link non è valido: è già stato usato, è scaduto o è stato copiato male.',
};
