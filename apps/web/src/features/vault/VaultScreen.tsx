import { FEATURE_OFF_MESSAGES } from '@parlor/contract';
import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../platform/hooks';
import { requestReset, selectRequest } from '../../platform/requests';
import { Button } from '../../ui/Button';
import { Card, CardActions } from '../../ui/Card';
import { Dialog } from '../../ui/Dialog';
import { EmptyState } from '../../ui/EmptyState';
import { FormAlert } from '../../ui/FormAlert';
import { ImageIcon } from '../../ui/icons';
import { Spinner } from '../../ui/Spinner';
import { SelectionBar } from '../media/SelectionBar';
import { selectVaultOff } from '../provider/providerConfigSlice';
import { Note } from '../settings/Note';
import { SettingsPage } from '../settings/SettingsPage';
import { StorageCard } from '../settings/StorageCard';
import { loadStorage, selectStorageError, selectStorageUsage } from '../settings/storageSlice';
import { VaultTiles } from './VaultTiles';
import {
  allVaultToggled,
  deleteAsked,
  deleteDismissed,
  deleteVaultMedia,
  describeMedia,
  loadMoreVault,
  loadVault,
  selectVault,
  vaultSelectionCleared,
} from './vaultSlice';

/**
 * /account/vault: the photos and videos a creator uploaded, 20 at a time; pick several and delete
 * them together, after a confirmation. The storage meter above follows.
 */
export function VaultScreen() {
  const off = useAppSelector(selectVaultOff);
  if (off)
    return (
      <SettingsPage title="Vault">
        <Card roomy>
          <Note>{FEATURE_OFF_MESSAGES.vault}</Note>
        </Card>
      </SettingsPage>
    );
  return <VaultContents />;
}

function VaultContents() {
  const dispatch = useAppDispatch();
  const { items, next, loaded, selected, confirming, notice } = useAppSelector(selectVault);
  const loading = useAppSelector((s) => selectRequest(s, loadVault));
  const loadingMore = useAppSelector((s) => selectRequest(s, loadMoreVault)).status === 'Fetching';
  const deleting = useAppSelector((s) => selectRequest(s, deleteVaultMedia));
  const usage = useAppSelector(selectStorageUsage);
  const usageError = useAppSelector(selectStorageError);

  useEffect(() => {
    const usageRequest = dispatch(loadStorage());
    dispatch(vaultSelectionCleared());
    dispatch(requestReset(deleteVaultMedia.typePrefix));
    const request = dispatch(loadVault());
    return () => {
      usageRequest.abort();
      request.abort();
    };
  }, [dispatch]);

  const picked = items.filter((m) => selected.includes(m._id));
  const remove = async () => {
    const result = await dispatch(deleteVaultMedia(selected));
    if (deleteVaultMedia.fulfilled.match(result)) dispatch(loadStorage());
  };

  return (
    <SettingsPage title="Vault" subtitle="The photos and videos you uploaded, ready to send again.">
      <StorageCard usage={usage} error={usageError} compact />
      {notice && <Note tone="success">{notice}</Note>}
      <FormAlert message={deleting.status === 'Error' ? deleting.error?.message : null} />
      {!loaded && loading.status !== 'Error' ? (
        <Spinner size={50} label="Loading your vault" />
      ) : loading.status === 'Error' && !loaded ? (
        <Card roomy>
          <Note tone="error">Your vault could not be loaded.</Note>
          <CardActions>
            <Button variant="secondary" size="small" onClick={() => dispatch(loadVault())}>
              Try again
            </Button>
          </CardActions>
        </Card>
      ) : items.length === 0 ? (
        <EmptyState
          icon={<ImageIcon size={34} />}
          title="Your vault is empty"
          text="Photos and videos you upload in chats are kept here, to send again without uploading."
        />
      ) : (
        <>
          <SelectionBar
            count={selected.length}
            total={items.length}
            onToggleAll={() => dispatch(allVaultToggled())}
          >
            <Button
              variant="danger"
              size="small"
              disabled={selected.length === 0}
              loading={deleting.status === 'Fetching'}
              onClick={() => dispatch(deleteAsked())}
            >
              {selected.length > 0 ? `Delete ${selected.length}` : 'Delete'}
            </Button>
          </SelectionBar>
          <VaultTiles label="Your vault" />
          {next && (
            <Button variant="secondary" loading={loadingMore} onClick={() => dispatch(loadMoreVault(next))}>
              Show more
            </Button>
          )}
        </>
      )}
      {confirming && (
        <Dialog
          title={`Delete ${describeMedia(picked)}?`}
          onClose={() => dispatch(deleteDismissed())}
          actions={
            <>
              <Button variant="secondary" onClick={() => dispatch(deleteDismissed())}>
                Cancel
              </Button>
              <Button variant="danger" loading={deleting.status === 'Fetching'} onClick={remove}>
                Delete
              </Button>
            </>
          }
        >
          They leave your vault for good. Those never sent free their space; fans who already got one in a
          chat still see it there.
        </Dialog>
      )}
    </SettingsPage>
  );
}
