/** Which webhook URLs a seat may register (API.md, "Webhooks"). */

const PRIVATE_HOSTS = [
  /^localhost$/i,
  /\.localhost$/i,
  /\.local$/i,
  /\.internal$/i,
  /^127\./,
  /^10\./,
  /^192\.168\./,
  /^172\.(1[6-9]|2\d|3[01])\./,
  /^169\.254\./,
  /^0\./,
  /^100\.(6[4-9]|[7-9]\d|1[01]\d|12[0-7])\./, // carrier-grade NAT
  /^\[/, // any IPv6 literal: loopback, link-local and unique-local included
];

const LOOPBACK = [/^localhost$/i, /^127\./, /^\[::1\]$/];

/**
 * Public https addresses only; with ALLOW_LOCAL_WEBHOOKS=on (local development and tests)
 * also http and loopback addresses.
 */
export function isAllowedWebhookUrl(text: string, allowLocal: boolean): boolean {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  if (url.username !== '' || url.password !== '') return false;
  // A fully qualified name may end in a dot ("localhost." is localhost): judge it without.
  const host = url.hostname.replace(/\.$/, '');
  if (allowLocal && (url.protocol === 'http:' || url.protocol === 'https:') && (LOOPBACK.some((p) => p.test(host)) || !PRIVATE_HOSTS.some((p) => p.test(host)))) {
    return true;
  }
  return url.protocol === 'https:' && host.includes('.') && !PRIVATE_HOSTS.some((p) => p.test(host));
}
