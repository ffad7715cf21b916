/** Flip 7's cards as the page groups them, with the rules each card's text explains. */
export const F7_NUMBER_CARDS = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12'] as const;
export const F7_MODIFIER_CARDS = ['+2', '+4', '+6', '+8', '+10', 'x2'] as const;
export const F7_ACTION_CARDS = [
  { card: 'freeze', rules: ['F7-9', 'F7-11a'] },
  { card: 'flip-three', rules: ['F7-10'] },
  { card: 'second-chance', rules: ['F7-11', 'F7-11a'] },
] as const;
