/**
 * The longest texts the API takes (API.md; the OpenAPI document says them too): one source
 * for the Worker's schemas and the web app's fields, so a form never lets a person type what
 * the server refuses, nor stops short of what it takes. Names, addresses and URLs count
 * UTF-16 units after trimming, as a form field's maxlength does; a chat message counts code
 * points (an emoji is one).
 */
export const TEXT_LIMITS = {
  seatName: 40,
  tableName: 80,
  email: 254,
  url: 2000,
  chatChars: 500,
} as const;
