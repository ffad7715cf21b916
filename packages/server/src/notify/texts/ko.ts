import type { NotifyTexts } from './types.js';

export const ko: NotifyTexts = {
  yourMove: (game, due) => (due === null ? `${game}: 당신 차례입니다` : `${game}: 당신 차례입니다 (${due}까지)`),
  challenge: (game, from) => `${game}: ${from} 님이 도전했습니다`,
  gameEnded: (game, place) => `${game} 게임이 끝났습니다 — ${place}위를 했습니다`,
  invitation: (game, from) => `${from} 님이 ${game} 테이블에 초대했습니다`,
  openTable: '테이블 열기:',
  stopKind: '이런 메일 그만 받기:',
  stopAll: 'Parlor 메일 모두 그만 받기:',
  digestSubject: (n) => `Parlor: 오늘의 알림 ${n}개`,
  digestIntro: '오늘 당신의 테이블에서 있었던 일:',
  confirmSubject: 'Parlor: 주소를 확인해 주세요',
  confirmBody: '이 주소가 당신의 것임을 확인하려면 이 링크를 여세요. Parlor에 이 주소를 알려 준 적이 없다면 이 메일을 무시하세요.',
  resetSubject: 'Parlor: 새 비밀번호를 정하세요',
  resetBody: '한 시간 안에 이 링크를 열어 새 비밀번호를 정하세요. 링크는 한 번만 쓸 수 있고, 로그인된 모든 기기가 로그아웃됩니다. 요청한 적이 없다면 이 메일을 무시하세요.',
  confirmed: '주소가 확인되었습니다. 이 페이지를 닫아도 됩니다.',
  unsubscribed: '완료: 이 메일은 더 이상 보내지 않습니다. 계정 페이지에서 바꿀 수 있습니다.',
  badLink: '이 링크는 유효하지 않습니다. 이미 사용되었거나, 만료되었거나, 잘못 복사되었습니다.',
};
