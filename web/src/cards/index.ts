import './cards.css';

export { CardBack } from './CardBack.js';
export { CardFace } from './CardFace.js';
export { cardName, SUIT_NAMES, type CardPattern } from './names.js';
export { SuitIcon } from './suits.js';
