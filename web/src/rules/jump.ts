/**
 * In-page links scroll without touching the address: on a table page the fragment holds
 * the seat's token (`/t/{id}#{token}`), which `#r7` must not replace.
 */
export function jumpTo(event: MouseEvent, id: string): void {
  const target = document.getElementById(id);
  if (target === null) return;
  event.preventDefault();
  target.scrollIntoView({ block: 'start' });
  target.focus({ preventScroll: true });
}
