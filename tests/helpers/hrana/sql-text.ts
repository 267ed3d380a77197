/**
 * What the server needs to know about SQL text before SQLite sees it, found by tokenizing it as SQLite does: where
 * statements end (a `sequence` runs several; an `execute` must hold exactly one, and libsql's prepare() would silently
 * drop the rest), which parameters a statement has (libsql's binding neither counts nor names them), and what kind of
 * statement it is (sqld reports last_insert_rowid for INSERTs only and affected_row_count for INSERT, UPDATE and DELETE
 * only; a statement that may take the write lock waits its turn).
 */

export interface Parameter {
  /** SQLite's 1-based index. */
  index: number;
  /** `?NNN`, `:name`, `@name` or `$name` with its sign; null for a bare `?`. */
  name: string | null;
}

export interface StatementFacts {
  /** INSERT or REPLACE, with or without a WITH clause. */
  isInsert: boolean;
  /** INSERT, REPLACE, UPDATE or DELETE. */
  changesRows: boolean;
  /** May take SQLite's write lock: BEGIN IMMEDIATE/EXCLUSIVE and anything that is not a read or transaction control. */
  takesWriteLock: boolean;
  /** BEGIN of any kind (which takes the lock only if it succeeds). */
  isBegin: boolean;
  isExplain: boolean;
  /** Does not change the database, as sqlite3_stmt_readonly() would say. */
  isReadonly: boolean;
  /** Indexes 1..count; a gap (`?3` alone) has no entry. */
  parameters: Parameter[];
  parameterCount: number;
}

interface Token {
  kind: 'word' | 'parameter' | 'punctuation' | 'literal';
  text: string;
  start: number;
}

const TOKEN_PATTERNS: Array<[Token['kind'] | 'skip', RegExp]> = [
  ['skip', /\s+|--[^\n]*|\/\*[\s\S]*?(?:\*\/|$)/y],
  ['literal', /'(?:[^']|'')*'?|"(?:[^"]|"")*"?|`(?:[^`]|``)*`?|\[[^\]]*\]?/y],
  ['parameter', /\?\d*|[:@$][\p{L}\p{N}_$]+/uy],
  ['literal', /\d[\p{L}\p{N}_.]*|\.\d[\p{L}\p{N}_]*/uy],
  ['word', /[\p{L}_][\p{L}\p{N}_$]*/uy],
  ['punctuation', /[\s\S]/y],
];

function* tokenize(sql: string): Generator<Token> {
  let offset = 0;
  while (offset < sql.length) {
    for (const [kind, pattern] of TOKEN_PATTERNS) {
      pattern.lastIndex = offset;
      const match = pattern.exec(sql);
      if (!match || match[0] === '') continue;
      if (kind !== 'skip') yield { kind, text: match[0], start: offset };
      offset += match[0].length;
      break;
    }
  }
}

const upper = (token: Token | undefined) => (token?.kind === 'word' ? token.text.toUpperCase() : '');

/**
 * Splits SQL text into statements (empty ones dropped), as sqlite3_complete() does: a semicolon ends a statement,
 * except inside CREATE TRIGGER, whose body ends at `END;`.
 */
export function splitStatements(sql: string): string[] {
  const statements: Token[][] = [[]];
  for (const token of tokenize(sql)) {
    const current = statements[statements.length - 1]!;
    if (token.text !== ';') {
      current.push(token);
      continue;
    }
    if (isTrigger(current) && upper(current[current.length - 1]) !== 'END') current.push(token);
    else statements.push([]);
  }
  return statements
    .filter((tokens) => tokens.length > 0)
    .map((tokens) => {
      const last = tokens[tokens.length - 1]!;
      return sql.slice(tokens[0]!.start, last.start + last.text.length);
    });
}

function isTrigger(tokens: Token[]): boolean {
  const words = tokens.slice(0, 3).map(upper);
  return words[0] === 'CREATE' && (words[1] === 'TRIGGER' || (/^TEMP(ORARY)?$/.test(words[1]!) && words[2] === 'TRIGGER'));
}

/** The statement's facts; `sql` holds one statement (see splitStatements). */
export function statementFacts(sql: string): StatementFacts {
  const tokens = [...tokenize(sql)];
  const isExplain = upper(tokens[0]) === 'EXPLAIN';
  const verb = isExplain ? 'EXPLAIN' : mainVerb(tokens);
  const isBegin = verb === 'BEGIN';
  const isInsert = verb === 'INSERT' || verb === 'REPLACE';
  const changesRows = isInsert || verb === 'UPDATE' || verb === 'DELETE';
  const readsOnly = ['SELECT', 'VALUES', 'EXPLAIN'].includes(verb) || (verb === 'PRAGMA' && !tokens.some((t) => t.text === '='));
  const controlsTransaction = ['BEGIN', 'COMMIT', 'END', 'ROLLBACK', 'SAVEPOINT', 'RELEASE'].includes(verb);
  const locksAtBegin = isBegin && ['IMMEDIATE', 'EXCLUSIVE'].includes(upper(tokens[1]));
  const { parameters, parameterCount } = parametersOf(tokens);
  return {
    isInsert,
    changesRows,
    takesWriteLock: locksAtBegin || (!readsOnly && !controlsTransaction),
    isBegin,
    isExplain,
    isReadonly: readsOnly || controlsTransaction,
    parameters,
    parameterCount,
  };
}

/** The statement's first keyword; after WITH, the first keyword outside the common table expressions' parentheses. */
function mainVerb(tokens: Token[]): string {
  if (upper(tokens[0]) !== 'WITH') return upper(tokens[0]);
  let depth = 0;
  for (const token of tokens) {
    if (token.text === '(') depth++;
    else if (token.text === ')') depth--;
    else if (depth === 0 && ['SELECT', 'VALUES', 'INSERT', 'REPLACE', 'UPDATE', 'DELETE'].includes(upper(token))) return upper(token);
  }
  return 'WITH';
}

/** Numbers parameters as SQLite does: `?` takes the next index, `?NNN` index NNN, a repeated name its first index. */
function parametersOf(tokens: Token[]): { parameters: Parameter[]; parameterCount: number } {
  const byName = new Map<string, Parameter>();
  const parameters: Parameter[] = [];
  let parameterCount = 0;
  for (const { kind, text } of tokens) {
    if (kind !== 'parameter') continue;
    if (text === '?') {
      parameterCount++;
      parameters.push({ index: parameterCount, name: null });
      continue;
    }
    if (byName.has(text)) continue;
    const index = text.startsWith('?') ? Number(text.slice(1)) : parameterCount + 1;
    const parameter = { index, name: text };
    byName.set(text, parameter);
    parameters.push(parameter);
    parameterCount = Math.max(parameterCount, index);
  }
  return { parameters, parameterCount };
}
