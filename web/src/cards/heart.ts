/** The heart, in both patterns (suits.tsx, french.tsx): 20 × 20 units centred on the origin. */
export const HEART = 'M0 9C-6 4-10 0-10-4C-10-8-7-9.5-5-9.5C-2.5-9.5-1-8 0-6C1-8 2.5-9.5 5-9.5C7-9.5 10-8 10-4C10 0 6 4 0 9Z';
