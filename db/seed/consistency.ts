/**
 * Does a product's text contradict its specifications? (issue 9, point 7: demo content that reads
 * true.) Quantities with a unit (minutes, hours, lb, kg, inches) stated in a sentence of the name or
 * the description are compared with the specification entries whose key the sentence names
 * ("Automatic shut-off after two hours" names auto_shutoff). Used by the seed tests over every
 * generated product; deliberately conservative: a sentence that names no key is not compared.
 */
export type Dimension = 'time' | 'weight' | 'length';

/** A stated amount in base units (minutes, pounds, inches): one value, or a range when lo < hi. */
export interface Quantity {
  dimension: Dimension;
  lo: number;
  hi: number;
  /** The words it was read from, for messages. */
  text: string;
}

export interface Contradiction {
  key: string;
  stated: string;
  specified: string;
  sentence: string;
}

const UNITS: Readonly<Record<string, { dimension: Dimension; factor: number }>> = {
  minute: { dimension: 'time', factor: 1 },
  minutes: { dimension: 'time', factor: 1 },
  min: { dimension: 'time', factor: 1 },
  mins: { dimension: 'time', factor: 1 },
  hour: { dimension: 'time', factor: 60 },
  hours: { dimension: 'time', factor: 60 },
  hr: { dimension: 'time', factor: 60 },
  hrs: { dimension: 'time', factor: 60 },
  lb: { dimension: 'weight', factor: 1 },
  lbs: { dimension: 'weight', factor: 1 },
  pound: { dimension: 'weight', factor: 1 },
  pounds: { dimension: 'weight', factor: 1 },
  kg: { dimension: 'weight', factor: 2.20462 },
  inch: { dimension: 'length', factor: 1 },
  inches: { dimension: 'length', factor: 1 },
  in: { dimension: 'length', factor: 1 },
};

const WORDS: Readonly<Record<string, number>> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  fifteen: 15,
  twenty: 20,
  thirty: 30,
  forty: 40,
  'forty-five': 45,
  fifty: 50,
  sixty: 60,
  ninety: 90,
};

const NUMBER = `(\\d+(?:\\.\\d+)?|\\d+/\\d+|${Object.keys(WORDS)
  .filter((word) => word.length > 2)
  .join('|')})`;
const UNIT = `(${Object.keys(UNITS).join('|')})\\b`;
/** "15 to 20 minutes", "10-60 minutes", "28 to 48 inches": a range with one unit. */
const RANGE = new RegExp(`\\b${NUMBER}\\s*(?:-|–|to)\\s*${NUMBER}[\\s-]*${UNIT}`, 'gi');
/** "31 x 31 x 29 inches": every number of a size takes the unit. */
const SIZE = new RegExp(`\\b${NUMBER}((?:\\s*x\\s*${NUMBER})+)[\\s-]*${UNIT}`, 'gi');
const SINGLE = new RegExp(`\\b${NUMBER}[\\s-]*${UNIT}`, 'gi');

function toNumber(text: string): number {
  const word = WORDS[text.toLowerCase()];
  if (word !== undefined) return word;
  const fraction = /^(\d+)\/(\d+)$/.exec(text);
  return fraction ? Number(fraction[1]) / Number(fraction[2]) : Number(text);
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}

/** Every quantity in a piece of text, ranges and sizes read before single values so their numbers are not read twice. */
export function quantitiesIn(text: string): Quantity[] {
  const found: Quantity[] = [];
  let rest = text;
  const take = (pattern: RegExp, read: (match: RegExpExecArray) => Quantity[]) => {
    rest = rest.replace(pattern, (...args: unknown[]) => {
      const match = args.slice(0, -2) as unknown as RegExpExecArray;
      found.push(...read(match));
      return ' ';
    });
  };
  take(RANGE, (m) => {
    const unit = UNITS[(m[3] ?? '').toLowerCase()]!;
    return [{ dimension: unit.dimension, lo: round(toNumber(m[1]!) * unit.factor), hi: round(toNumber(m[2]!) * unit.factor), text: m[0] }];
  });
  take(SIZE, (m) => {
    const unit = UNITS[(m[m.length - 1] ?? '').toLowerCase()]!;
    const numbers = [m[1]!, ...(m[2] ?? '').split(/\s*x\s*/).filter(Boolean)];
    return numbers.map((n) => ({ dimension: unit.dimension, lo: round(toNumber(n) * unit.factor), hi: round(toNumber(n) * unit.factor), text: m[0] }));
  });
  take(SINGLE, (m) => {
    const unit = UNITS[(m[2] ?? '').toLowerCase()]!;
    const value = round(toNumber(m[1]!) * unit.factor);
    return [{ dimension: unit.dimension, lo: value, hi: value, text: m[0] }];
  });
  return found;
}

/** Words of a key too general to tie a sentence to it ("battery_life" is named by "battery"). */
const GENERIC_KEY_WORDS = new Set(['life', 'max', 'min', 'range', 'size', 'capacity', 'length', 'level', 'levels', 'user', 'time', 'lowest']);

/** Sentence words, lower case, with hyphens dropped inside words so "shut-off" reads as "shutoff". */
function words(sentence: string): string[] {
  return sentence
    .toLowerCase()
    .replace(/(\w)-(\w)/g, '$1$2')
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** A sentence names a key when each of the key's specific words begins a word of the sentence (five letters suffice: "weighs" names weight). */
export function namesKey(sentence: string, key: string): boolean {
  const keyWords = key
    .toLowerCase()
    .split('_')
    .filter((word) => word && !GENERIC_KEY_WORDS.has(word));
  if (keyWords.length === 0) return false;
  const sentenceWords = words(sentence);
  return keyWords.every((keyWord) => sentenceWords.some((word) => word.startsWith(keyWord.slice(0, 5))));
}

function agrees(stated: Quantity, specified: Quantity[]): boolean {
  // A size ("24 x 24 inches") lists several numbers: a stated value must be one of them.
  return specified.some((spec) => {
    const statedRange = stated.lo !== stated.hi;
    const specRange = spec.lo !== spec.hi;
    // Two ranges must be the same range; a single value must lie in a range or equal a value (within rounding).
    if (statedRange && specRange) return Math.abs(stated.lo - spec.lo) < 0.5 && Math.abs(stated.hi - spec.hi) < 0.5;
    return stated.lo >= spec.lo - 0.5 && stated.hi <= spec.hi + 0.5;
  });
}

function plainText(html: string): string {
  return html
    .replace(/<\/(p|li|h\d)>/gi, '. ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

/** Sentences and list items of a name and an HTML description. */
export function sentencesOf(name: string, descriptionHtml: string): string[] {
  return [name, ...plainText(descriptionHtml).split(/(?<=[.!?])\s+(?=[A-Z])|\.\s+(?=[A-Z])/)].map((s) => s.trim()).filter(Boolean);
}

/** A product name's size or weight ("Foam Roller, 36 inch", "Kettlebell, 35 lb") is the product's own: its dimensions or weight. */
const NAME_KEYS = new Set(['dimensions', 'size', 'weight', 'thickness']);
/** How many words before a quantity may name its key ("shut-off after two hours"; not "ceiling height first: allow about 6 inches"). */
const KEY_WINDOW = 3;

/** Whether a key is named within a few words before the quantity (or anywhere, in a product name). */
function keyNamedNear(sentence: string, quantity: Quantity, key: string, isName: boolean): boolean {
  if (isName) return NAME_KEYS.has(key.toLowerCase()) || namesKey(sentence, key);
  const at = sentence.indexOf(quantity.text);
  const before = words(sentence.slice(0, Math.max(0, at)))
    .slice(-KEY_WINDOW)
    .join(' ');
  return namesKey(`${before} ${quantity.text}`, key);
}

/** The disagreements between what the text states and the specification entries it names. */
export function textContradictions(name: string, descriptionHtml: string, specifications: Readonly<Record<string, unknown>>): Contradiction[] {
  const contradictions: Contradiction[] = [];
  sentencesOf(name, descriptionHtml).forEach((sentence, index) => {
    const isName = index === 0;
    for (const quantity of quantitiesIn(sentence)) {
      for (const [key, value] of Object.entries(specifications)) {
        if (typeof value !== 'string' || !keyNamedNear(sentence, quantity, key, isName)) continue;
        const specified = quantitiesIn(value).filter((spec) => spec.dimension === quantity.dimension);
        // In running text a single length beside a size ("3/4 inch" tiles of "24 x 24 inches") is another measure: its thickness.
        const isSize = /\bx\b/i.test(value);
        if (isSize && quantity.lo === quantity.hi && !(isName && NAME_KEYS.has(key.toLowerCase()))) continue;
        // Likewise a stated size ("Mat, 24 x 36 inch") says nothing about a single measure such as thickness.
        if (!isSize && /\bx\b/i.test(quantity.text)) continue;
        if (specified.length > 0 && !agrees(quantity, specified)) contradictions.push({ key, stated: quantity.text, specified: value, sentence });
      }
    }
  });
  return contradictions;
}
