// How route definitions get their paths and match a location, and how a query string is read.

export type RouteFlag = 'highlighted' | 'superHighlighted' | 'actionRequired' | 'warning';
export type LinkType = 'internal' | 'external' | 'button';
export interface RouteDefinition {
  name: string;
  path: string;
  flags: RouteFlag[];
  linkType: LinkType;
}

/** Default path: lowercased name, dashes removed, spaces to dashes, dots and commas removed. */
function defaultRoutePath(name: string): string {
  return `/${name.toLowerCase().replace(/-/g, '').replace(/\s+/g, '-').replace(/[.,]/g, '')}`;
}

export function defineRoute(
  name: string,
  options: { path?: string; flags?: RouteFlag[]; linkType?: LinkType } = {},
): RouteDefinition {
  return {
    name,
    path: options.path ?? defaultRoutePath(name),
    flags: options.flags ?? [],
    linkType: options.linkType ?? 'internal',
  };
}

/** A path containing '/:' is reduced to the part before it for matching. */
export function matchablePath(path: string): string {
  const i = path.indexOf('/:');
  return i === -1 ? path : path.slice(0, i);
}

const trimSlash = (p: string) => (p.length > 1 && p.endsWith('/') ? p.slice(0, -1) : p);

/** Equal with or without a trailing slash; `exact` compares the full route path as written. */
export function routeMatches(route: RouteDefinition, pathname: string, exact = false): boolean {
  const target = exact ? route.path : matchablePath(route.path);
  return trimSlash(pathname) === trimSlash(target);
}

/** Query strings are read as key/value pairs. */
export function readQuery(search: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(search));
}
