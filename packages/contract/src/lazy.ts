/**
 * A schema built the first time it is used instead of when its module loads.
 *
 * The contract holds several hundred schemas; building them all costs a phone about 0.7 s of
 * blocked main thread before the first screen, while a screen uses a few dozen. In a browser each
 * exported schema is therefore a stand-in that builds the real one on first touch (a parse, a
 * `.shape`, an `.extend`) and forwards to it from then on; types are the real schema's. Outside a
 * browser (the server, scripts) the schema is built at once: the server builds every route's
 * schema at start anyway, and its hot paths should not pass through a stand-in.
 */
const scope = globalThis as { document?: unknown; process?: { env?: Record<string, string | undefined> } };
// PARLOR_LAZY_SCHEMAS=1 gives tests in Node the browser's stand-ins.
const EAGER = scope.document === undefined && scope.process?.env?.PARLOR_LAZY_SCHEMAS !== '1';

/**
 * Whether exported schemas are the real ones. Code that walks schemas by identity (the OpenAPI
 * document's JSON Schema conversion) needs them real: a stand-in is not the schema its parts refer to.
 */
export const schemasBuiltAtOnce = EAGER;

export function lazySchema<T extends object>(build: () => T): T {
  return EAGER ? build() : standIn(build);
}

/** The stand-in itself: an empty object that builds the schema on first touch and forwards to it. */
export function standIn<T extends object>(build: () => T): T {
  let real: T | undefined;
  const target = () => {
    real ??= build();
    return real;
  };
  return new Proxy({} as T, {
    get: (_stub, key) => Reflect.get(target(), key, target()),
    set: (_stub, key, value) => Reflect.set(target(), key, value),
    has: (_stub, key) => Reflect.has(target(), key),
    ownKeys: () => Reflect.ownKeys(target()),
    getPrototypeOf: () => Reflect.getPrototypeOf(target()),
    defineProperty: (_stub, key, descriptor) => Reflect.defineProperty(target(), key, descriptor),
    deleteProperty: (_stub, key) => Reflect.deleteProperty(target(), key),
    getOwnPropertyDescriptor: (stub, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(target(), key);
      // A proxy may only report a fixed property its stub has too.
      if (descriptor && !descriptor.configurable) Reflect.defineProperty(stub, key, descriptor);
      return descriptor;
    },
  });
}
