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
 *   duplicates.ts       rows of one file naming the same product
 *   category-match.ts   the category a row names, or the nearest one to suggest
 *   changes.ts          the fields an update changes, for the preview
 *   encoding.ts         the file's bytes as text (UTF-8, else Windows-1252), duplicate headers
 */
export * from './attribute-columns.ts';
export * from './category-match.ts';
export * from './cells.ts';
export * from './changes.ts';
export * from './columns.ts';
export * from './contract.ts';
export * from './duplicates.ts';
export * from './encoding.ts';
export * from './export-row.ts';
export * from './formula-guard.ts';
export * from './parse.ts';
export * from './product-state.ts';
export * from './row.ts';
export * from './texts.ts';
