import type { NotifyTexts } from './types.js';

export const es: NotifyTexts = {
  yourMove: (game, due) => (due === null ? `Te toca en ${game}` : `Te toca en ${game}, antes de ${due}`),
  challenge: (game, from) => `${from} te ha retado en ${game}`,
  gameEnded: (game, place) => `La partida de ${game} ha terminado: quedaste en ${place}.º lugar`,
  invitation: (game, from) => `${from} te invita a una mesa de ${game}`,
  openTable: 'Abrir la mesa:',
  stopKind: 'No recibir más correos como este:',
  stopAll: 'No recibir ningún correo más de Parlor:',
  digestSubject: (n) => `Parlor: ${n} ${n === 1 ? 'aviso' : 'avisos'} hoy`,
  digestIntro: 'Lo que pasó hoy en tus mesas:',
  confirmSubject: 'Parlor: confirma tu dirección',
  confirmBody: 'Sigue este enlace para confirmar que esta dirección es tuya. Si no se la diste a Parlor, ignora este correo.',
  resetSubject: 'Parlor: elige una contraseña nueva',
  resetBody: 'Sigue este enlace antes de una hora para elegir una contraseña nueva; sirve una sola vez y se cierra la sesión en todos tus dispositivos. Si no lo pediste, ignora este correo.',
  confirmed: 'Tu dirección está confirmada. Puedes cerrar esta página.',
  unsubscribed: 'Hecho: ya no se enviarán esos correos. Puedes cambiarlo en la página de tu cuenta.',
  badLink: 'Este enlace no es válido: ya se usó, ha caducado o se copió mal.',
};
