/** How the web tells what the viewer is to another account, and which friends it offers to invite (ui/friends/relation.ts). */
import { describe, expect, it } from 'vitest';
import { friendsToInvite, relationTo } from '../src/ui/friends/relation.js';

const at = 1_764_720_000_000;
const lists = {
  friends: [{ name: 'Bob', online: true }, { name: 'Dee', online: false }],
  incoming: [{ name: 'Cy', at }],
  outgoing: [{ name: 'Eve', at }],
};

describe('relationTo', () => {
  it('reads friends, requests either way, and nothing', () => {
    expect(relationTo('Bob', lists, [])).toBe('friends');
    expect(relationTo('Cy', lists, [])).toBe('incoming');
    expect(relationTo('Eve', lists, [])).toBe('outgoing');
    expect(relationTo('Zed', lists, [])).toBe('none');
  });
  it('compares names as sign-in does, not by case or width', () => {
    expect(relationTo('bob', lists, [])).toBe('friends');
    expect(relationTo('ＣＹ', lists, [])).toBe('incoming');
  });
  it('puts a block first, whatever the lists say', () => {
    expect(relationTo('Bob', lists, [{ name: 'BOB', at }])).toBe('blocked');
    expect(relationTo('Zed', lists, [{ name: 'Zed', at }])).toBe('blocked');
  });
});

describe('friendsToInvite', () => {
  const friends = [{ name: 'dee', online: false }, { name: 'Cy', online: true }, { name: 'Ann', online: false }, { name: 'Bob', online: true }];
  it('puts online friends first, each part by name', () => {
    expect(friendsToInvite(friends).map((f) => f.name)).toEqual(['Bob', 'Cy', 'Ann', 'dee']);
  });
  it('leaves out those seated already, by name as sign-in compares it', () => {
    expect(friendsToInvite(friends, ['BOB', 'Dee']).map((f) => f.name)).toEqual(['Cy', 'Ann']);
  });
  it('changes nothing in the list it is given', () => {
    const copy = friends.map((f) => ({ ...f }));
    friendsToInvite(friends, ['Bob']);
    expect(friends).toEqual(copy);
  });
});
