/** n random hex characters from the platform's CSPRNG (the captcha uuid is 32 hex characters). */
export function randomHex(n = 32): string {
  const bytes = crypto.getRandomValues(new Uint8Array(Math.ceil(n / 2)));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0'))
    .join('')
    .slice(0, n);
}
