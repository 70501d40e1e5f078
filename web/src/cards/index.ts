import './cards.css';

export { CardBack } from './CardBack.js';
export { CardFace } from './CardFace.js';
export { cardName, suitName, type CardPattern } from './names.js';
export { SuitIcon } from './suits.js';
