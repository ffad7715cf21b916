import type { NotifyTexts } from './types.js';

export const pl: NotifyTexts = {
  yourMove: (game, due) => (due === null ? `Twój ruch w ${game}` : `Twój ruch w ${game}, do ${due}`),
  challenge: (game, from) => `${from} rzuca ci wyzwanie w ${game}`,
  gameEnded: (game, place) => `Partia ${game} się skończyła — zajmujesz ${place}. miejsce`,
  invitation: (game, from) => `${from} zaprasza cię do stołu ${game}`,
  openTable: 'Otwórz stół:',
  stopKind: 'Nie wysyłaj więcej takich wiadomości:',
  stopAll: 'Nie wysyłaj już żadnych wiadomości z Parlor:',
  digestSubject: (n) => `Parlor: powiadomienia z dziś (${n})`,
  digestIntro: 'Co działo się dziś przy twoich stołach:',
  confirmSubject: 'Parlor: potwierdź swój adres',
  confirmBody: 'Otwórz ten link, aby potwierdzić, że ten adres należy do ciebie. Jeśli nie podawałeś go w Parlor, zignoruj tę wiadomość.',
  resetSubject: 'Parlor: wybierz nowe hasło',
  resetBody: 'Otwórz ten link w ciągu godziny, aby wybrać nowe hasło; działa jeden raz, a wszystkie zalogowane urządzenia zostaną wylogowane. Jeśli o to nie prosiłeś, zignoruj tę wiadomość.',
  confirmed: 'Twój adres jest potwierdzony. Możesz zamknąć tę stronę.',
  unsubscribed: 'Gotowe: te wiadomości nie będą już wysyłane. Możesz to zmienić na stronie konta.',
  badLink: 'Ten link jest nieważny: został już użyty, wygasł albo został źle skopiowany.',
};
