import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../platform/hooks';
import { requestReset, selectRequest } from '../../platform/requests';
import { Button } from '../../ui/Button';
import { Card, CardActions, CardTitle } from '../../ui/Card';
import { Spinner } from '../../ui/Spinner';
import { selectVaultOff } from '../provider/providerConfigSlice';
import { Note } from '../settings/Note';
import { SettingsPage } from '../settings/SettingsPage';
import { StorageCard } from '../settings/StorageCard';
import { loadStorage, selectStorageError, selectStorageUsage } from '../settings/storageSlice';
import { VaultTiles } from './VaultTiles';
import { deleteVaultMedia, loadMoreVault, loadVault, selectVault, vaultSelectionCleared } from './vaultSlice';

/**
 * /account/settings/storage: how much of the account's storage its uploads take, and the vault,
 * where photos and videos can be removed to make room.
 */
export function StorageSettingsScreen() {
  const dispatch = useAppDispatch();
  const usage = useAppSelector(selectStorageUsage);
  const error = useAppSelector(selectStorageError);
  const vaultOff = useAppSelector(selectVaultOff);
  useEffect(() => {
    const request = dispatch(loadStorage());
    return () => request.abort();
  }, [dispatch]);

  return (
    <SettingsPage title="Storage" subtitle="The photos and videos you upload to send in chats.">
      <StorageCard usage={usage} error={error} />
      {!vaultOff && <VaultCard />}
    </SettingsPage>
  );
}

/** The vault, 20 at a time: pick photos and videos, then remove them together. */
function VaultCard() {
  const dispatch = useAppDispatch();
  const { items, next, loaded, selected } = useAppSelector(selectVault);
  const loading = useAppSelector((s) => selectRequest(s, loadVault)).status;
  const loadingMore = useAppSelector((s) => selectRequest(s, loadMoreVault)).status;
  const removing = useAppSelector((s) => selectRequest(s, deleteVaultMedia));

  useEffect(() => {
    dispatch(vaultSelectionCleared());
    dispatch(requestReset(deleteVaultMedia.typePrefix));
    const request = dispatch(loadVault());
    return () => request.abort();
  }, [dispatch]);

  const remove = async () => {
    const result = await dispatch(deleteVaultMedia(selected));
    if (deleteVaultMedia.fulfilled.match(result)) dispatch(loadStorage());
  };
  const fetching = loading === 'Fetching' || loadingMore === 'Fetching' || (!loaded && loading === 'None');
  const failed = (loading === 'Error' && !loaded) || loadingMore === 'Error';

  return (
    <Card roomy aria-labelledby="vault-title">
      <CardTitle id="vault-title">Your vault</CardTitle>
      {items.length > 0 && <VaultTiles />}
      {items.length > 0 && selected.length === 0 && <Note>Select photos or videos to remove them.</Note>}
      {fetching && <Spinner size={25} label="Loading your vault" />}
      {loaded && !fetching && items.length === 0 && <Note>Photos and videos you upload are kept here.</Note>}
      {failed && <Note tone="error">Your vault could not be loaded.</Note>}
      {removing.status === 'Error' && <Note tone="error">{removing.error?.message}</Note>}
      {(next || items.length > 0) && (
        <CardActions>
          {next && !fetching && (
            <Button variant="secondary" size="small" onClick={() => dispatch(loadMoreVault(next))}>
              Load more
            </Button>
          )}
          {items.length > 0 && (
            <Button
              variant="danger"
              size="small"
              disabled={selected.length === 0}
              loading={removing.status === 'Fetching'}
              onClick={remove}
            >
              {selected.length > 0 ? `Remove ${selected.length} from vault` : 'Remove from vault'}
            </Button>
          )}
        </CardActions>
      )}
    </Card>
  );
}
