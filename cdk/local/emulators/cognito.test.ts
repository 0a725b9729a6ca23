import { describe, expect, it } from 'vitest';
import { codeDeliveryReader, type CodeDelivery } from './cognito';

const ESC = String.fromCharCode(27);

describe('codeDeliveryReader', () => {
  it("picks the code out of cognito-local's coloured box", () => {
    // Prepare: the lines cognito-local prints for a sign-up, colours and borders included.
    const lines = [
      `[1795644809983] ${ESC}[32mINFO${ESC}[39m: ${ESC}[36md773bd2d SignUp ╭──────────────────╮`,
      '│                                      │',
      '│   Confirmation Code Delivery         │',
      '│                                      │',
      '│   Username:    newbie                │',
      '│   Destination: newbie@acme.example   │',
      '│   Code:        303383                │',
      '│                                      │',
      `╰──────────────────╯${ESC}[39m ${ESC}[90m{"reqId":"d773bd2d","target":"SignUp"}${ESC}[39m`,
      'Code: 999999',
    ];
    const seen: CodeDelivery[] = [];
    const read = codeDeliveryReader((d) => seen.push(d));
    // Act
    for (const line of lines) read(line);
    // Assess: one delivery; a stray "Code:" outside a box is ignored.
    expect(seen).toEqual([{ username: 'newbie', destination: 'newbie@acme.example', code: '303383' }]);
  });
});
