/** How a refusal names what a schema found wrong: the same words for a request (routes/documented.ts) and a socket message (table/sockets/socket-protocol.ts). */

/** Each schema failure as "field.path: what is wrong", from `root` (a message's part) or the body. */
export function describeIssues(issues: readonly { readonly path: readonly PropertyKey[]; readonly message: string }[], root?: string): string {
  return issues
    .map((issue) => `${[...(root === undefined ? [] : [root]), ...issue.path.map(String)].join('.') || 'body'}: ${issue.message}`)
    .join('; ');
}
