/** The own seat's choices before a move is sent (Dock.tsx, Controls.tsx): two cards to discard, the knock switch, the trump to name. */
import { useState } from 'preact/hooks';
import type { CardCode, Suit } from '../../../shared/cards.js';

/** The choice of two cards to discard, the knock switch and the trump to name, live with the page. */
export function useChoices() {
  const [chosen, setChosen] = useState<CardCode[]>([]);
  const [knock, setKnock] = useState(false);
  const [trump, setTrump] = useState<Suit | null>(null);
  return { chosen, setChosen, knock, setKnock, trump, setTrump };
}
