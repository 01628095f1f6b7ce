// saxen ships no types; the part of its API the workbook reader uses (lib/files/xlsx-read.ts).
declare module 'saxen' {
  type Decode = (text: string) => string;
  export class Parser {
    constructor(options?: { proxy?: boolean });
    on(
      event: 'openTag',
      handler: (name: string, attrs: () => Record<string, string>, decode: Decode, selfClosing: boolean) => void,
    ): this;
    on(event: 'closeTag', handler: (name: string, decode: Decode, selfClosing: boolean) => void): this;
    on(event: 'text', handler: (value: string, decode: Decode) => void): this;
    on(event: 'error' | 'warn', handler: (error: Error) => void): this;
    parse(xml: string): this;
  }
}
