// The part of pdfkit 0.20 the invoice PDF uses. @types/pdfkit (0.17) predates 0.20's browser build
// (`registerStdFonts`, the standard-font modules, parsed fontkit fonts) and types it as a Node stream.
declare module 'pdfkit' {
  import type { Font } from 'fontkit';

  /** A standard font's metrics, as `pdfkit/standard-fonts/*` export them. */
  export interface StandardFontData {
    readonly name: string;
  }

  export interface TextOptions {
    width?: number;
    align?: 'left' | 'center' | 'right' | 'justify';
    lineBreak?: boolean;
    continued?: boolean;
    baseline?: 'alphabetic' | 'top' | 'bottom' | 'middle' | number;
    fill?: boolean;
    stroke?: boolean;
    lineGap?: number;
  }

  export interface DocumentOptions {
    size?: string | [number, number];
    margin?: number;
    autoFirstPage?: boolean;
    font?: string;
    displayTitle?: boolean;
    lang?: string;
    info?: { Title?: string; Author?: string; Subject?: string; Creator?: string; CreationDate?: Date };
  }

  export class PDFDocument {
    constructor(options?: DocumentOptions);
    readonly page: { readonly width: number; readonly height: number };
    x: number;
    y: number;
    registerFont(name: string, src: string | Uint8Array | Font): this;
    font(src: string, size?: number): this;
    fontSize(size: number): this;
    fillColor(color: string): this;
    strokeColor(color: string): this;
    lineWidth(width: number): this;
    moveTo(x: number, y: number): this;
    lineTo(x: number, y: number): this;
    stroke(): this;
    text(text: string, x?: number, y?: number, options?: TextOptions): this;
    text(text: string, options?: TextOptions): this;
    widthOfString(text: string, options?: TextOptions): number;
    addPage(): this;
    /** Marked content; a `Span`'s `actual` is its /ActualText, what extraction reads instead of the glyphs. */
    markContent(tag: 'Span', options: { actual?: string; lang?: string }): this;
    endMarkedContent(): this;
    addContent(operators: string): this;
    save(): this;
    restore(): this;
    transform(m11: number, m12: number, m21: number, m22: number, dx: number, dy: number): this;
    on(event: 'data', listener: (chunk: Uint8Array) => void): this;
    on(event: 'end', listener: () => void): this;
    on(event: 'error', listener: (error: unknown) => void): this;
    end(): void;
  }

  /** Browser build only: the standard fonts a document may use (Node loads them from disk itself). */
  export const registerStdFonts: ((...fonts: StandardFontData[]) => void) | undefined;
  export default PDFDocument;
}

declare module 'pdfkit/standard-fonts/Helvetica' {
  const font: import('pdfkit').StandardFontData;
  export default font;
}

declare module 'pdfkit/standard-fonts/HelveticaBold' {
  const font: import('pdfkit').StandardFontData;
  export default font;
}
