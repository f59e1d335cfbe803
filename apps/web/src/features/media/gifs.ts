/** The built-in GIFs (apps/web/public/gifs): tiny, same-origin, so the picker works offline. */
export interface BuiltInGif {
  url: string;
  label: string;
  width: number;
  height: number;
}

export const BUILT_IN_GIFS: readonly BuiltInGif[] = ['hey', 'heart', 'star', 'hi', 'kiss', 'lol'].map(
  (name) => ({
    url: `/gifs/${name}.gif`,
    label: name,
    width: 120,
    height: 90,
  }),
);
