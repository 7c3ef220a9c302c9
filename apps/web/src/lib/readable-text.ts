const DARK_TEXT = '#212529';
const LIGHT_TEXT = '#ffffff';

/** WCAG relative luminance of a `#rrggbb` colour. */
function luminance(hex: string): number {
  const channels = [1, 3, 5].map((start) => Number.parseInt(hex.slice(start, start + 2), 16) / 255);
  const [r = 0, g = 0, b = 0] = channels.map((value) =>
    value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4,
  );
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

const contrast = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);

/**
 * The text colour, dark or white, that reads best on a background a user chose (a review stage's
 * colour): whichever has the higher contrast with it.
 */
export function readableTextOn(background: string): string {
  if (!/^#[0-9a-f]{6}$/i.test(background)) return LIGHT_TEXT;
  const base = luminance(background);
  return contrast(base, luminance(DARK_TEXT)) > contrast(base, 1) ? DARK_TEXT : LIGHT_TEXT;
}
