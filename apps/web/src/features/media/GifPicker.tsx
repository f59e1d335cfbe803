import { Dialog } from '../../ui/Dialog';
import { BUILT_IN_GIFS, type BuiltInGif } from './gifs';
import { PickerGrid, PickerTile } from './PickerGrid';

/** The built-in GIFs: served by the app itself, so picking one works offline. */
export function GifPicker({ onPick, onClose }: { onPick: (gif: BuiltInGif) => void; onClose: () => void }) {
  return (
    <Dialog title="Send a GIF" onClose={onClose}>
      <PickerGrid>
        {BUILT_IN_GIFS.map((gif) => (
          <PickerTile key={gif.url} onClick={() => onPick(gif)} aria-label={`GIF: ${gif.label}`}>
            <img src={gif.url} alt="" width={gif.width} height={gif.height} />
          </PickerTile>
        ))}
      </PickerGrid>
    </Dialog>
  );
}
