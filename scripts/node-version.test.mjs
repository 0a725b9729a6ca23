import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { nodeVersionProblem, satisfies } from './node-version.mjs';

const engines = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).engines.node;

describe('the Node check of npm start and npm test', () => {
  it('admits Node 24 and 22 and refuses 20, as engines.node says', () => {
    expect(satisfies('v24.22.3', engines)).toBe(true);
    expect(satisfies('v22.22.2', engines)).toBe(true);
    expect(satisfies('v26.1.0', engines)).toBe(true);
    expect(satisfies('v20.20.2', engines)).toBe(false);
    expect(satisfies('v22.12.0', engines)).toBe(false);
    expect(satisfies('v23.11.0', engines)).toBe(false);
  });

  it('reads both forms of a range at their edges', () => {
    expect(satisfies('v24.15.0', '>=24.15.0')).toBe(true);
    expect(satisfies('v24.14.9', '>=24.15.0')).toBe(false);
    expect(satisfies('v22.22.2', '^22.22.2')).toBe(true);
    expect(satisfies('v22.22.1', '^22.22.2')).toBe(false);
    expect(satisfies('v23.0.0', '^22.22.2')).toBe(false);
    expect(() => satisfies('v24.0.0', '~24.1.0')).toThrow("cannot read '~24.1.0'");
  });

  it('tells a user on an old Node what to run instead of a stack trace', () => {
    expect(nodeVersionProblem('v24.22.3', engines, 'npm start')).toBeUndefined();
    const message = nodeVersionProblem('v20.20.2', engines, 'npm start');
    expect(message).toContain('npm start needs Node.js 22.22.2 or >=24.15.0');
    expect(message).toContain('this is Node v20.20.2');
    expect(message).toContain('source scripts/use-node.sh');
  });
});
