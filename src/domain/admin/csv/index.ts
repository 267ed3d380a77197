/**
 * The CSV import and export rules (issue 11, points 4 to 8): pure, for the browser's Import tab and the server alike.
 *   columns.ts          the columns, the template
 *   texts.ts            the messages
 *   parse.ts            file checks, papaparse settings, checks of the parsed file
 *   formula-guard.ts    the export's formula guard and its exact inverse
 *   cells.ts            reading and writing one cell
 *   attribute-columns.ts  the columns stored as attributes
 *   row.ts              one row by the spec's rules
 *   product-state.ts    a row applied to a new or stored product, markers
 *   export-row.ts       a product as an export row
 *   contract.ts         the endpoints' schemas and batch limits
 */
export * from './attribute-columns.ts';
export * from './cells.ts';
export * from './columns.ts';
export * from './contract.ts';
export * from './export-row.ts';
export * from './formula-guard.ts';
export * from './parse.ts';
export * from './product-state.ts';
export * from './row.ts';
export * from './texts.ts';
