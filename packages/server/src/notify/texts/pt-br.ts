import type { NotifyTexts } from './types.js';

export const ptBR: NotifyTexts = {
  yourMove: (game, due) => (due === null ? `Sua vez em ${game}` : `Sua vez em ${game}, até ${due}`),
  challenge: (game, from) => `${from} desafiou você em ${game}`,
  gameEnded: (game, place) => `A partida de ${game} terminou — você ficou em ${place}º lugar`,
  invitation: (game, from) => `${from} convidou você para uma mesa de ${game}`,
  openTable: 'Abrir a mesa:',
  stopKind: 'Não receber mais e-mails como este:',
  stopAll: 'Não receber mais nenhum e-mail do Parlor:',
  digestSubject: (n) => `Parlor: ${n} ${n === 1 ? 'aviso' : 'avisos'} hoje`,
  digestIntro: 'O que aconteceu hoje nas suas mesas:',
  confirmSubject: 'Parlor: confirme seu endereço',
  confirmBody: 'Siga este link para confirmar que este endereço é seu. Se você não o informou ao Parlor, ignore este e-mail.',
  resetSubject: 'Parlor: escolha uma nova senha',
  resetBody: 'Siga este link em até uma hora para escolher uma nova senha; ele funciona uma vez, e todos os aparelhos conectados à sua conta são desconectados. Se você não pediu isso, ignore este e-mail.',
  confirmed: 'Seu endereço está confirmado. Você pode fechar esta página.',
  unsubscribed: 'Pronto: esses e-mails não serão mais enviados. Você pode mudar isso na página da sua conta.',
  badLink: 'Este link não é válido: já foi usado, expirou ou foi copiado errado.',
};
