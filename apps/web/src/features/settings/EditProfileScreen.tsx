import { ACCOUNT_MESSAGES, AVATAR_MAX_BYTES, AVATAR_TYPES, BIO_MAX, rules } from '@parlor/contract';
import { type FormEvent, useRef, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../platform/hooks';
import { selectRequest } from '../../platform/requests';
import { Avatar } from '../../ui/Avatar';
import { Button } from '../../ui/Button';
import { Card, CardActions, CardTitle } from '../../ui/Card';
import { TextAreaField } from '../../ui/TextAreaField';
import { TextField } from '../../ui/TextField';
import { selectUser } from '../auth/authSlice';
import { updateUser } from '../auth/authThunks';
import { useUsernameAvailability } from '../auth/useUsernameAvailability';
import { trackUpload } from '../media/uploadsSlice';
import styles from './EditProfileScreen.module.css';
import { GreetingCard } from './GreetingCard';
import { Note } from './Note';
import { SettingsPage } from './SettingsPage';
import { parseSubscriptionPrice, SubscriptionPriceField } from './SubscriptionPriceField';
import { addTag, randomAvatar, removeTag, uploadAvatar } from './settingsApi';

/** /account/edit-profile: photo, username (with the availability check), bio, and a creator's tags. */
export function EditProfileScreen() {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const saving = useAppSelector((s) => selectRequest(s, updateUser));
  const uploading = useAppSelector((s) => selectRequest(s, uploadAvatar));
  const [username, setUsername] = useState(user?.username ?? '');
  const [bio, setBio] = useState(user?.bio ?? '');
  const [usernameError, setUsernameError] = useState<string | undefined>();
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [priceText, setPriceText] = useState(String(user?.subscription_price ?? ''));
  const [priceError, setPriceError] = useState<string | undefined>();
  const [tag, setTag] = useState('');
  const [tagError, setTagError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const changedName = rules.normalizeUsername(username) !== user?.username;
  const availability = useUsernameAvailability(changedName ? username : '');
  if (!user) return null;
  const isCreator = user.type === 'featured';

  const onFile = async (file: File | undefined) => {
    setPhotoError(null);
    if (!file) return;
    // The server checks again by the file's bytes; this is for a quick answer.
    if (!(AVATAR_TYPES as readonly string[]).includes(file.type))
      return setPhotoError(ACCOUNT_MESSAGES.avatarType);
    if (file.size > AVATAR_MAX_BYTES) return setPhotoError(ACCOUNT_MESSAGES.avatarTooLarge);
    const request = dispatch(uploadAvatar(file));
    // Stopped by leaving the page, the request ends as aborted: no error is shown.
    const result = await dispatch(
      trackUpload(
        'avatar',
        () => request.abort(),
        () => request,
      ),
    );
    if (uploadAvatar.rejected.match(result)) setPhotoError(result.payload?.message ?? null);
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setSaved(null);
    const invalid = changedName ? rules.username(username) : undefined;
    const taken = changedName && availability.state === 'taken' ? availability.message : undefined;
    setUsernameError(invalid ?? taken);
    // Only creators are subscribed to, so only they have a price to set.
    const price = isCreator ? parseSubscriptionPrice(priceText) : undefined;
    setPriceError(price && 'error' in price ? price.error : undefined);
    if (invalid || taken || (price && 'error' in price)) return;
    const changedPrice = price && price.price !== user.subscription_price ? price.price : undefined;
    const result = await dispatch(
      updateUser({
        ...(changedName && { username }),
        ...(bio !== user.bio && { bio }),
        ...(changedPrice !== undefined && { subscription_price: changedPrice }),
      }),
    );
    if (updateUser.fulfilled.match(result)) setSaved('Your profile has been saved.');
    else if (result.payload?.field === 'username') setUsernameError(result.payload.message);
    else if (result.payload?.field === 'subscription_price') setPriceError(result.payload.message);
    else setPhotoError(result.payload?.message ?? null);
  };

  const submitTag = async (event: FormEvent) => {
    event.preventDefault();
    setTagError(null);
    const result = await dispatch(addTag(tag));
    if (addTag.fulfilled.match(result)) setTag('');
    else setTagError(result.payload?.message ?? null);
  };

  return (
    <SettingsPage title="Edit profile">
      <Card roomy aria-labelledby="photo-title">
        <CardTitle id="photo-title">Profile photo</CardTitle>
        <div className={styles.photoRow}>
          <Avatar name={user.username} src={user.avatar_url} size={88} />
          <div className={styles.photoActions}>
            <input
              ref={fileInput}
              type="file"
              accept={AVATAR_TYPES.join(',')}
              className={styles.hiddenInput}
              aria-label="Choose a profile photo"
              onChange={(e) => {
                void onFile(e.target.files?.[0]);
                e.target.value = '';
              }}
            />
            <Button onClick={() => fileInput.current?.click()} loading={uploading.status === 'Fetching'}>
              Upload photo
            </Button>
            <Button variant="secondary" onClick={() => dispatch(randomAvatar())}>
              Random avatar
            </Button>
          </div>
        </div>
        {photoError && <Note tone="error">{photoError}</Note>}
      </Card>

      <Card as="form" roomy onSubmit={save} noValidate aria-labelledby="about-title">
        <CardTitle id="about-title">About you</CardTitle>
        <TextField
          label="Username"
          name="username"
          autoCapitalize="none"
          spellCheck={false}
          value={username}
          error={usernameError ?? (availability.state === 'taken' ? availability.message : undefined)}
          hint={availability.state === 'available' ? 'Username is available' : undefined}
          hintTone="success"
          onChange={(e) => {
            setUsername(e.target.value);
            setUsernameError(undefined);
          }}
        />
        <TextAreaField
          label="Bio"
          rows={4}
          maxLength={BIO_MAX}
          value={bio}
          onChange={(e) => setBio(e.target.value)}
        />
        <p className={styles.counter}>
          {bio.length}/{BIO_MAX}
        </p>
        {isCreator && (
          <SubscriptionPriceField
            value={priceText}
            error={priceError}
            onChange={(value) => {
              setPriceText(value);
              setPriceError(undefined);
            }}
          />
        )}
        {saved && <Note tone="success">{saved}</Note>}
        <CardActions>
          <Button type="submit" loading={saving.status === 'Fetching'}>
            Save changes
          </Button>
        </CardActions>
      </Card>

      {isCreator && <GreetingCard />}

      {isCreator && (
        <Card roomy aria-labelledby="tags-title">
          <CardTitle id="tags-title">Tags</CardTitle>
          <Note>Tags help fans find you in Discover.</Note>
          <ul className={styles.tags}>
            {user.tags.map((t) => (
              <li key={t} className={styles.tag}>
                {t}
                <button
                  type="button"
                  className={styles.tagRemove}
                  aria-label={`Remove tag ${t}`}
                  onClick={() => dispatch(removeTag(t))}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
          <form className={styles.addTag} onSubmit={submitTag}>
            <TextField
              label="New tag"
              name="tag"
              value={tag}
              error={tagError ?? undefined}
              onChange={(e) => setTag(e.target.value)}
            />
            <Button type="submit" variant="secondary" disabled={!tag.trim()}>
              Add
            </Button>
          </form>
        </Card>
      )}
    </SettingsPage>
  );
}
