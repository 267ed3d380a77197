/**
 * The chosen file's bytes as text. Spreadsheets save CSV as UTF-8 (the site's own export, Excel's "CSV UTF-8",
 * Google Sheets, Numbers) or, Excel on Windows' plain "CSV", in Windows-1252; read as UTF-8, that file turns
 * "Café crème" into "Caf� cr�me" and the product is stored that way. So UTF-8 is decoded strictly and a file that is
 * not UTF-8 is read as Windows-1252, unless its bytes cannot be Windows-1252 text either, in which case it is refused
 * with a message saying how to save it. A byte order mark names UTF-8 or UTF-16 outright.
 */
import { csvTexts } from './texts.ts';
import type { CsvProblem } from './parse.ts';

export type CsvEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

export type DecodedCsv = { ok: true; text: string; encoding: CsvEncoding } | { ok: false; problem: CsvProblem };

const refused: DecodedCsv = { ok: false, problem: { title: csvTexts.unsupportedEncoding, description: csvTexts.unsupportedEncodingDescription } };

function decode(bytes: Uint8Array, encoding: CsvEncoding): string | null {
  try {
    // fatal: a byte sequence that is not valid in the encoding throws instead of becoming U+FFFD.
    return new TextDecoder(encoding, { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/**
 * Bytes Windows-1252 leaves undefined (0x81, 0x8D, 0x8F, 0x90, 0x9D; decoders map them to C1 controls) and NUL (no
 * text file has it; a UTF-16 file without a byte order mark is full of them): such a file is not Windows-1252 text.
 */
const UNDEFINED_IN_WINDOWS_1252 = /[\u0081\u008D\u008F\u0090\u009D]/;
const notWindows1252 = (text: string) => text.includes('\u0000') || UNDEFINED_IN_WINDOWS_1252.test(text);

export function decodeCsvBytes(bytes: Uint8Array): DecodedCsv {
  const utf16 = bytes[0] === 0xff && bytes[1] === 0xfe ? 'utf-16le' : bytes[0] === 0xfe && bytes[1] === 0xff ? 'utf-16be' : null;
  if (utf16 !== null) {
    const text = decode(bytes, utf16);
    return text === null ? refused : { ok: true, text, encoding: utf16 };
  }
  const utf8 = decode(bytes, 'utf-8');
  if (utf8 !== null) return { ok: true, text: utf8, encoding: 'utf-8' };
  const windows1252 = decode(bytes, 'windows-1252');
  if (windows1252 === null || notWindows1252(windows1252)) return refused;
  return { ok: true, text: windows1252, encoding: 'windows-1252' };
}
