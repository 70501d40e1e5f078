import type { JSX } from 'preact';

// A lattice of small diamonds as one path, built once: no <pattern>, whose id would clash between cards.
const DIAMONDS = Array.from({ length: 13 * 9 }, (_, i) => {
  const row = i % 13;
  const x = 10 + Math.floor(i / 13) * 5 - (row % 2) * 2.5;
  return x < 8 ? '' : `M${x} ${9 + row * 5.5}l2.5 3-2.5 3-2.5-3z`;
}).join('');

export function CardBack(): JSX.Element {
  return (
    <svg class="card-svg" viewBox="0 0 60 90" width="100%" height="100%" aria-hidden="true">
      <rect x=".5" y=".5" width="59" height="89" rx="4.5" fill="#fffdf6" stroke="#8d8a80" />
      <rect x="4" y="4" width="52" height="82" rx="2.5" fill="#23468c" />
      <path d={DIAMONDS} fill="#4d74c2" />
      <rect x="6" y="6" width="48" height="78" rx="1.5" fill="none" stroke="#e8eefa" stroke-width=".8" />
    </svg>
  );
}
