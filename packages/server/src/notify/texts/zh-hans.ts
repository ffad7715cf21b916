import type { NotifyTexts } from './types.js';

export const zhHans: NotifyTexts = {
  yourMove: (game, due) => (due === null ? `${game}：轮到你了` : `${game}：轮到你了，截止 ${due}`),
  challenge: (game, from) => `${game}：${from} 向你发起了挑战`,
  gameEnded: (game, place) => `${game} 的对局结束了——你获得第 ${place} 名`,
  invitation: (game, from) => `${from} 邀请你加入一张 ${game} 牌桌`,
  openTable: '打开牌桌：',
  stopKind: '不再接收这类邮件：',
  stopAll: '不再接收 Parlor 的任何邮件：',
  digestSubject: (n) => `Parlor：今天的 ${n} 条通知`,
  digestIntro: '今天你的牌桌上发生了这些事：',
  confirmSubject: 'Parlor：请确认你的邮箱',
  confirmBody: '打开此链接以确认这个邮箱属于你。如果你没有把它提供给 Parlor，请忽略这封邮件。',
  resetSubject: 'Parlor：设置新密码',
  resetBody: '请在一小时内打开此链接设置新密码；链接只能使用一次，你账户下所有已登录的设备都会被登出。如果这不是你的请求，请忽略这封邮件。',
  confirmed: '你的邮箱已确认。可以关闭此页面了。',
  unsubscribed: '完成：这些邮件将不再发送。你可以在账户页面更改此设置。',
  badLink: '此链接无效：它已被使用、已过期，或复制有误。',
};
