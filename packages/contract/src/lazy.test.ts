import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { standIn } from './lazy';

describe('a schema stand-in', () => {
  it('builds the schema on first use, once, and parses as the schema does', () => {
    let builds = 0;
    const User = standIn(() => {
      builds++;
      return z.object({ id: z.string(), age: z.number().int().min(18, 'Adults only') });
    });
    expect(builds).toBe(0);
    expect(User.parse({ id: 'a', age: 20 })).toEqual({ id: 'a', age: 20 });
    const refused = User.safeParse({ id: 'a', age: 12 });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('Adults only');
    expect(builds).toBe(1);
  });

  it('composes like the real schema: nested, extended, optional, in unions and discriminated unions', () => {
    const Base = standIn(() => z.object({ kind: z.literal('text'), text: z.string() }));
    const Photo = standIn(() => z.object({ kind: z.literal('photo'), url: z.string() }));
    const Extended = standIn(() => Base.extend({ price: z.number() }));
    const Message = standIn(() => z.discriminatedUnion('kind', [Base, Photo]));
    const Holder = z.object({ message: Message, extra: Extended.optional() });

    expect(Holder.parse({ message: { kind: 'photo', url: 'u' } })).toEqual({
      message: { kind: 'photo', url: 'u' },
    });
    expect(Extended.parse({ kind: 'text', text: 't', price: 3 })).toEqual({
      kind: 'text',
      text: 't',
      price: 3,
    });
    expect(Holder.safeParse({ message: { kind: 'video' } }).success).toBe(false);
    expect(Object.keys(Extended.shape)).toEqual(['kind', 'text', 'price']);
    expect(Base instanceof z.ZodObject).toBe(true);
    expect(z.union([Base, z.null()]).parse(null)).toBeNull();
  });
});
