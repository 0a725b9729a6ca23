/// <reference types="node" />
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { FontSource } from './font-faces';
import { loadCatalog, type FontFamilyId } from './fonts/font-catalog';

const require = createRequire(import.meta.url);

/** Path of a file of a font package's `files/` folder, on disk. */
export function fontFilePath(family: FontFamilyId, file: string): string {
  return join(dirname(require.resolve(`@fontsource/${family}/package.json`)), 'files', file);
}

/** A font source reading the packages' files from disk (tests run in Node, without the web server). */
export function packageFontSource(): FontSource & { readonly loaded: string[] } {
  const loaded: string[] = [];
  return {
    loaded,
    catalog: loadCatalog,
    async load(slice) {
      loaded.push(slice.file);
      return new Uint8Array(await readFile(fontFilePath(slice.family, slice.file)));
    },
  };
}
