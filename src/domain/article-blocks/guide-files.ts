/** Where the guides' Markdown lives in the repository (the content collection's folder, src/content.config.ts). */
export const GUIDES_DIR = 'content/guides';
