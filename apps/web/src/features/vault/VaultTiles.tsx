import { useAppDispatch, useAppSelector } from '../../platform/hooks';
import { MediaTile, TileGrid } from '../media/MediaTile';
import { selectVault, vaultItemToggled } from './vaultSlice';

const day = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' });

/** The loaded vault as tiles to pick from; a tap picks or unpicks. */
export function VaultTiles({ label }: { label?: string }) {
  const dispatch = useAppDispatch();
  const { items, selected } = useAppSelector(selectVault);
  return (
    <TileGrid label={label}>
      {items.map((m) => (
        <li key={m._id}>
          <MediaTile
            thumb={m.th}
            video={m.type === 'video'}
            length={m.video_length}
            pressed={selected.includes(m._id)}
            label={`Select ${m.type === 'video' ? 'video' : 'photo'} from ${day(m.created_at)}`}
            onClick={() => dispatch(vaultItemToggled(m._id))}
          />
        </li>
      ))}
    </TileGrid>
  );
}
