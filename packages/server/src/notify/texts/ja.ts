import type { NotifyTexts } from './types.js';

export const ja: NotifyTexts = {
  yourMove: (game, due) => (due === null ? `${game}：あなたの番です` : `${game}：あなたの番です（期限 ${due}）`),
  challenge: (game, from) => `${game}：${from}さんから挑戦されました`,
  gameEnded: (game, place) => `${game}のゲームが終わりました — あなたは${place}位でした`,
  invitation: (game, from) => `${from}さんから${game}のテーブルに招待されました`,
  openTable: 'テーブルを開く：',
  stopKind: 'この種類のメールを停止：',
  stopAll: 'Parlor からのメールをすべて停止：',
  digestSubject: (n) => `Parlor：今日のお知らせ ${n} 件`,
  digestIntro: '今日のあなたのテーブルでの出来事：',
  confirmSubject: 'Parlor：メールアドレスの確認',
  confirmBody: 'このアドレスがあなたのものであることを確認するには、このリンクを開いてください。心当たりがない場合は、このメールを無視してください。',
  resetSubject: 'Parlor：新しいパスワードの設定',
  resetBody: '1 時間以内にこのリンクを開いて新しいパスワードを設定してください。リンクは 1 回だけ使え、サインイン中のすべての端末がサインアウトされます。心当たりがない場合は、このメールを無視してください。',
  confirmed: 'アドレスを確認しました。このページは閉じてかまいません。',
  unsubscribed: '完了しました：これらのメールは今後送られません。アカウントページで変更できます。',
  badLink: 'このリンクは無効です。すでに使われたか、期限が切れたか、正しくコピーされていません。',
};
