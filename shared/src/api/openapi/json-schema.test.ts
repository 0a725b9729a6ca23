import { describe, expect, it } from 'vitest';
import * as z from '../../zod';
import { SchemaComponents } from './json-schema';

describe('SchemaComponents', () => {
  it('points at a named schema and keeps it once as a component, parts named too', () => {
    // Prepare
    const components = new SchemaComponents();
    const ZAddress = z.object({ city: z.string().check(z.maxLength(80)) });
    const ZPerson = z.object({ name: z.string(), home: ZAddress, work: z.nullable(ZAddress) });
    components.name(ZAddress, 'Address');
    components.name(ZPerson, 'Person');
    // Act
    const list = components.schema(z.array(ZPerson));
    // Assess
    expect(list).toEqual({ type: 'array', items: { $ref: '#/components/schemas/Person' } });
    expect(components.components()).toEqual({
      Address: { type: 'object', properties: { city: { type: 'string', maxLength: 80 } }, required: ['city'] },
      Person: {
        type: 'object',
        properties: {
          name: { type: 'string' },
          home: { $ref: '#/components/schemas/Address' },
          work: { anyOf: [{ $ref: '#/components/schemas/Address' }, { type: 'null' }] },
        },
        required: ['name', 'home', 'work'],
      },
    });
  });

  it('writes a schema inline when it has no name, with no $schema and no $defs', () => {
    // Prepare
    const components = new SchemaComponents();
    // Act
    const json = components.schema(z.object({ id: z.string().check(z.regex(/^bg-[a-z]+$/)) }));
    // Assess
    expect(json).toEqual({
      type: 'object',
      properties: { id: { type: 'string', pattern: '^bg-[a-z]+$' } },
      required: ['id'],
    });
    expect(components.components()).toEqual({});
  });

  it('describes what travels: the input form, where defaults are optional and extra fields are not refused', () => {
    // Prepare
    const components = new SchemaComponents();
    const ZReply = z.object({ count: z._default(z.number(), 0), label: z.string() });
    // Act
    const json = components.schema(ZReply);
    // Assess
    expect(json).toEqual({
      type: 'object',
      properties: { count: { type: 'number', default: 0 }, label: { type: 'string' } },
      required: ['label'],
    });
  });

  it("keeps a schema's own description and a name's description", () => {
    // Prepare
    const components = new SchemaComponents();
    const ZThing = z.object({ size: z.number().check(z.describe('In pixels.')) });
    components.name(ZThing, 'Thing', 'A thing.');
    // Act
    components.schema(ZThing);
    // Assess
    expect(components.components()['Thing']).toEqual({
      type: 'object',
      description: 'A thing.',
      properties: { size: { type: 'number', description: 'In pixels.' } },
      required: ['size'],
    });
  });

  it('writes out a named object when asked to, its parts still pointing at theirs', () => {
    // Prepare
    const components = new SchemaComponents();
    const ZInner = z.object({ a: z.string() });
    const ZOuter = z.object({ inner: ZInner });
    components.name(ZInner, 'Inner');
    components.name(ZOuter, 'Outer');
    // Act
    const json = components.inline(ZOuter);
    // Assess
    expect(json).toEqual({
      type: 'object',
      properties: { inner: { $ref: '#/components/schemas/Inner' } },
      required: ['inner'],
    });
    expect(Object.keys(components.components())).toEqual(['Inner']);
  });

  it('keeps the first name of a schema named twice, and refuses one name for two schemas', () => {
    // Prepare
    const components = new SchemaComponents();
    const ZOne = z.object({ a: z.string() });
    components.name(ZOne, 'One');
    // Act
    components.name(ZOne, 'Alias');
    // Assess
    expect(components.schema(ZOne)).toEqual({ $ref: '#/components/schemas/One' });
    expect(() => components.name(z.object({ b: z.string() }), 'One')).toThrow('Two schemas are named One');
    expect(() => components.name(z.object({}), 'not a name')).toThrow('Not a component name');
  });

  it('throws on a schema JSON Schema cannot describe, rather than publishing {}', () => {
    // Prepare
    const components = new SchemaComponents();
    // Act
    const convert = () => components.schema(z.object({ when: z.custom<Date>((value) => value instanceof Date) }));
    // Assess
    expect(convert).toThrow();
  });
});
