import type { NotificationStore } from './notifications.js';
import type { TurnStore } from './turns.js';
import type { VacationStore } from './vacations.js';
import type { DeviceStore } from './devices.js';
import type { FriendStore } from './friends.js';
import type { ModerationStore } from './moderation.js';

/** The store's parts that each keep one concern's rows, with their own interfaces (a Store has each). */
export interface Parts {
  readonly notifications: NotificationStore; // addresses, push subscriptions, one-time tokens: notifications.ts
  readonly turns: TurnStore; // running turn-based tables' summaries, by player: turns.ts
  readonly vacations: VacationStore; // accounts' days off: vacations.ts
  readonly devices: DeviceStore; // sessions' devices, an account's rows for its export: devices.ts
  readonly friends: FriendStore; // friends, requests, blocks, chat mutes: friends.ts
  readonly moderation: ModerationStore; // chat lines, reports, moderators' actions: moderation.ts
}
